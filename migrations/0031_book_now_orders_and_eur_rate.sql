-- Book Now becomes a one-line order (orders.channel), and the shop may state its VAT in euros when
-- it invoices in another currency. Adding a column with a constant default rewrites nothing, so
-- orders stay writable throughout.
CREATE TYPE "public"."order_channel" AS ENUM('checkout', 'book_now');--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" "order_channel" DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "eur_rate_millionths" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_eur_rate_positive" CHECK ("shop_settings"."eur_rate_millionths" > 0);