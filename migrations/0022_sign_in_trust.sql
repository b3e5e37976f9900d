ALTER TYPE "public"."email_kind" ADD VALUE 'verify_email';--> statement-breakpoint
ALTER TYPE "public"."email_kind" ADD VALUE 'password_reset';--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "signed_in_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_order_emails_name_a_booking" CHECK (("email_outbox"."kind"::text in ('verify_email', 'password_reset')) = ("email_outbox"."booking_id" is null)) NOT VALID;