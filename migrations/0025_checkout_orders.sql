-- Hand edit: the constraints added to bookings, email_outbox and returned_payments are NOT VALID (0027 validates them).
CREATE TYPE "public"."discount_kind" AS ENUM('percent', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."discount_use_status" AS ENUM('held', 'spent', 'released');--> statement-breakpoint
CREATE TYPE "public"."invoice_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('unpaid', 'paid', 'cancelled', 'expired');--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'order_placed' BEFORE 'payment_received';--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"user_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" "discount_kind" NOT NULL,
	"value" integer NOT NULL,
	"min_spend_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_upper_case" CHECK ("discount_codes"."code" = upper("discount_codes"."code")),
	CONSTRAINT "discount_codes_value_range" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind"::text <> 'percent' or "discount_codes"."value" <= 10000)),
	CONSTRAINT "discount_codes_limits_positive" CHECK ("discount_codes"."max_uses" >= 1 and "discount_codes"."max_uses_per_customer" >= 1),
	CONSTRAINT "discount_codes_min_spend_not_negative" CHECK ("discount_codes"."min_spend_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"status" "discount_use_status" DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_not_negative" CHECK ("invoice_counters"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"refers_to_invoice_id" uuid,
	"total_cents" integer NOT NULL,
	"document" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_total_not_negative" CHECK ("invoices"."total_cents" >= 0),
	CONSTRAINT "invoices_credit_note_refers" CHECK (("invoices"."kind"::text = 'credit_note') = ("invoices"."refers_to_invoice_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10000 CACHE 1),
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" "order_status" DEFAULT 'unpaid' NOT NULL,
	"currency" text NOT NULL,
	"ship_name" text NOT NULL,
	"ship_company" text,
	"ship_line1" text NOT NULL,
	"ship_line2" text,
	"ship_city" text NOT NULL,
	"ship_postal_code" text NOT NULL,
	"ship_country" text NOT NULL,
	"phone" text NOT NULL,
	"buyer_vat_id" text,
	"prices_include_tax" boolean NOT NULL,
	"tax_treatment" text NOT NULL,
	"tax_rate_basis_points" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_code" text,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"shipping_method" text NOT NULL,
	"shipping_cents" integer NOT NULL,
	"shipping_tax_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"payment_intent_id" text,
	"payment_error" text,
	"held_until" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_is_net_plus_tax" CHECK ("orders"."total_cents" = "orders"."net_cents" + "orders"."tax_cents"),
	CONSTRAINT "orders_amounts_not_negative" CHECK (least("orders"."subtotal_cents", "orders"."discount_cents", "orders"."shipping_cents", "orders"."shipping_tax_cents", "orders"."net_cents", "orders"."tax_cents") >= 0),
	CONSTRAINT "orders_paid_has_time" CHECK ("orders"."status"::text <> 'paid' or "orders"."paid_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "price_breaks" (
	"tool_id" uuid NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "price_breaks_tool_id_min_quantity_pk" PRIMARY KEY("tool_id","min_quantity"),
	CONSTRAINT "price_breaks_quantity_above_one" CHECK ("price_breaks"."min_quantity" >= 2),
	CONSTRAINT "price_breaks_price_not_negative" CHECK ("price_breaks"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "saved_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"free_above_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_amounts_not_negative" CHECK ("shipping_rates"."price_cents" >= 0 and "shipping_rates"."free_above_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_countries" (
	"country" text PRIMARY KEY NOT NULL,
	"zone_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"vat_id" text,
	"email" text NOT NULL,
	"currency" text NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"oss_enabled" boolean NOT NULL,
	"reservation_minutes" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_reservation_range" CHECK ("shop_settings"."reservation_minutes" between 5 and 1440)
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"country" text PRIMARY KEY NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_range" CHECK ("tax_rates"."rate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_order_emails_name_a_booking";--> statement-breakpoint
ALTER TABLE "returned_payments" DROP CONSTRAINT "returned_payments_one_order";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "charged_cents" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "returned_payments" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat_id" text;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refers_to_invoice_id_invoices_id_fk" FOREIGN KEY ("refers_to_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_breaks" ADD CONSTRAINT "price_breaks_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_countries" ADD CONSTRAINT "shipping_zone_countries_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_unique" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_uses_order_unique" ON "discount_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "discount_uses_code_user" ON "discount_uses" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_order" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_intent_unique" ON "orders" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "orders_user_created" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid_held_until" ON "orders" USING btree ("held_until") WHERE "orders"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "saved_addresses_user" ON "saved_addresses" USING btree ("user_id","last_used_at");--> statement-breakpoint
CREATE INDEX "shipping_rates_zone" ON "shipping_rates" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_name_unique" ON "shipping_zones" USING btree ("name");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "returned_payments" ADD CONSTRAINT "returned_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_line_amounts_not_negative" CHECK ("bookings"."discount_cents" >= 0 and "bookings"."tax_cents" >= 0 and "bookings"."charged_cents" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_order_emails_name_one_order" CHECK (num_nonnulls("email_outbox"."booking_id", "email_outbox"."order_id") = (case when "email_outbox"."kind"::text in ('verify_email', 'password_reset') then 0 else 1 end)) NOT VALID;--> statement-breakpoint
ALTER TABLE "returned_payments" ADD CONSTRAINT "returned_payments_one_payer" CHECK (num_nonnulls("returned_payments"."checkout_id", "returned_payments"."booking_id", "returned_payments"."order_id") = 1);
--> statement-breakpoint
INSERT INTO "shop_settings" ("id", "legal_name", "address_line1", "city", "postal_code", "country", "email", "currency", "prices_include_tax", "oss_enabled", "reservation_minutes") VALUES (1, '', '', '', '', 'DE', '', 'usd', true, false, 30) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "tax_rates" ("country", "rate_basis_points") VALUES ('DE', 1900), ('FR', 2000), ('NL', 2100), ('BE', 2100), ('ES', 2100), ('IT', 2200), ('AT', 2000), ('PL', 2300), ('IE', 2300), ('PT', 2300), ('SE', 2500), ('DK', 2500), ('FI', 2550), ('CZ', 2100), ('LU', 1700) ON CONFLICT DO NOTHING;
