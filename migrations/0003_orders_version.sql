ALTER TABLE "users" ADD COLUMN "orders_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A user's orders version moves whenever one of their bookings is inserted, updated or deleted,
-- in the statement that wrote it (statement triggers, so a bulk write bumps each user once). A
-- writing statement takes the users rows last: a booking locks the part and then the user, and a
-- cancellation is one statement that releases the stock before its triggers run, so they never
-- wait for each other in opposite orders.
CREATE FUNCTION "bump_orders_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "orders_version" = "orders_version" + 1
  WHERE "id" IN (SELECT "user_id" FROM "changed_rows");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_inserted_orders_version" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_orders_version"();
--> statement-breakpoint
CREATE TRIGGER "bookings_updated_orders_version" AFTER UPDATE ON "bookings" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_orders_version"();
--> statement-breakpoint
CREATE TRIGGER "bookings_deleted_orders_version" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_orders_version"();
