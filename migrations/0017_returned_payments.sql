CREATE TABLE "returned_payments" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"refund_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"checkout_id" uuid,
	"booking_id" uuid,
	"returned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returned_payments_amount_not_negative" CHECK ("returned_payments"."amount_cents" >= 0),
	CONSTRAINT "returned_payments_one_order" CHECK (("returned_payments"."checkout_id" is null) <> ("returned_payments"."booking_id" is null))
);
--> statement-breakpoint
ALTER TABLE "returned_payments" ADD CONSTRAINT "returned_payments_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returned_payments" ADD CONSTRAINT "returned_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;