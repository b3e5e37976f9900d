CREATE TYPE "public"."checkout_status" AS ENUM('open', 'paid', 'closed');--> statement-breakpoint
CREATE TABLE "checkout_bookings" (
	"checkout_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	CONSTRAINT "checkout_bookings_checkout_id_booking_id_pk" PRIMARY KEY("checkout_id","booking_id")
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_intent_id" text,
	"total_cents" integer NOT NULL,
	"status" "checkout_status" DEFAULT 'open' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_total_not_negative" CHECK ("checkouts"."total_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "checkout_bookings" ADD CONSTRAINT "checkout_bookings_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_bookings" ADD CONSTRAINT "checkout_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_bookings_booking" ON "checkout_bookings" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_payment_intent_unique" ON "checkouts" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "checkouts_user" ON "checkouts" USING btree ("user_id");