-- sprocket:no-transaction
-- A category page filters parts by category and orders them by price or seq; built CONCURRENTLY so
-- the build never holds the lock that stops bookings on a large tools table.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "tools_listed_category_price_seq" ON "tools" USING btree ("category_id","price_cents","seq") WHERE "tools"."removed_at" is null and "tools"."hidden" = false;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "tools_listed_category_seq" ON "tools" USING btree ("category_id","seq") WHERE "tools"."removed_at" is null and "tools"."hidden" = false;
