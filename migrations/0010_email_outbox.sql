CREATE TYPE "public"."email_kind" AS ENUM('booking', 'payment_received', 'shipped', 'cancelled', 'expired', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."email_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "email_outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" "email_kind" NOT NULL,
	"booking_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"status" "email_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_attempts_not_negative" CHECK ("email_outbox"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_seq_unique" ON "email_outbox" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "email_outbox_booking" ON "email_outbox" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "email_outbox_pending_due" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'pending';