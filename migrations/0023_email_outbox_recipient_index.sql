-- sprocket:no-transaction
CREATE INDEX CONCURRENTLY IF NOT EXISTS "email_outbox_recipient_recent" ON "email_outbox" USING btree ("recipient","kind","created_at");--> statement-breakpoint
ALTER TABLE "email_outbox" VALIDATE CONSTRAINT "email_outbox_order_emails_name_a_booking";
