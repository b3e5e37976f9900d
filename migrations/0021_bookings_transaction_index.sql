-- sprocket:no-transaction
CREATE INDEX CONCURRENTLY IF NOT EXISTS "bookings_transaction" ON "bookings" USING btree ("transaction_id");
