-- A booking's database work in one call (docs/decisions/0028). The customer's row is locked
-- first, then the booking statement runs: a VOLATILE function takes a fresh snapshot for each
-- statement under READ COMMITTED, so a second booking by the same customer waits for the first to
-- commit and then counts its hold (docs/decisions/0018).
-- Called as one statement, the function is its own transaction: the lock and the taken stock are
-- held until its commit and no longer. It answers the new booking, or no row when anything refused
-- it; createBooking then explains why. Limits come from the server's configuration on every call.
CREATE FUNCTION "book_part"(
  "p_user_id" uuid,
  "p_tool_id" uuid,
  "p_amount" integer,
  "p_expected_total_cents" bigint,
  "p_email" text,
  "p_person_name" text,
  "p_phone" text,
  "p_address" text,
  "p_max_bookings" integer,
  "p_max_units" integer,
  "p_max_value_cents" bigint,
  "p_max_order_total_cents" bigint
) RETURNS SETOF "bookings" LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = p_user_id FOR UPDATE;
  RETURN QUERY
    WITH "held" AS (
      SELECT count(*) AS "bookings", coalesce(sum("quantity"), 0) AS "units", coalesce(sum("total_cents"), 0) AS "value_cents"
      FROM "bookings" WHERE "user_id" = p_user_id AND "status" = 'unpaid'
    ), "taken" AS (
      UPDATE "tools" SET "available" = "available" - p_amount
      FROM "held"
      WHERE "tools"."id" = p_tool_id AND "removed_at" IS NULL AND NOT "hidden"
        AND "held"."bookings" < p_max_bookings
        AND "held"."units" + p_amount <= p_max_units
        AND "held"."value_cents" + "price_cents"::bigint * p_amount <= p_max_value_cents
        AND "minimum_order_quantity" <= p_amount AND "available" >= p_amount
        AND "price_cents"::bigint * p_amount <= p_max_order_total_cents
        AND (p_expected_total_cents IS NULL OR "price_cents"::bigint * p_amount = p_expected_total_cents)
      RETURNING "tools"."id", "name", "price_cents"
    ), "booked" AS (
      INSERT INTO "bookings" ("tool_id", "user_id", "tool_name", "email", "person_name", "phone", "address", "quantity", "unit_price_cents", "total_cents")
      SELECT "taken"."id", p_user_id, "taken"."name", p_email, p_person_name, p_phone, p_address, p_amount, "taken"."price_cents",
        "taken"."price_cents" * p_amount
      FROM "taken"
      RETURNING *
    ), "mailed" AS (
      INSERT INTO "email_outbox" ("kind", "booking_id", "recipient") SELECT 'booking', "booked"."id", "booked"."email" FROM "booked"
    )
    SELECT * FROM "booked";
END
$$;
