-- A customer's orders are read with one indexed query (bookings_user_seq) on every request, so
-- the orders version that let a cached page be recognised as current is no longer needed.
DROP TRIGGER "bookings_inserted_orders_version" ON "bookings";--> statement-breakpoint
DROP TRIGGER "bookings_updated_orders_version" ON "bookings";--> statement-breakpoint
DROP TRIGGER "bookings_deleted_orders_version" ON "bookings";--> statement-breakpoint
DROP FUNCTION "bump_orders_version"();
