-- sprocket:no-transaction
CREATE INDEX CONCURRENTLY IF NOT EXISTS "bookings_order" ON "bookings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "email_outbox_order" ON "email_outbox" USING btree ("order_id");
