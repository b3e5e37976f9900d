ALTER TYPE "public"."booking_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_paid_has_transaction";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refund_recorded_whole" CHECK (("bookings"."refund_id" is null) = ("bookings"."refunded_at" is null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refunded_has_refund" CHECK ("bookings"."status"::text <> 'refunded' or "bookings"."refund_id" is not null);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_paid_has_transaction" CHECK (("bookings"."status"::text in ('paid', 'shipped', 'refunded')) = ("bookings"."transaction_id" is not null));