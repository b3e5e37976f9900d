-- An order placed at checkout is one hold, however many lines it has (docs/decisions/0043): the
-- booking rule counts the customer's unpaid holds as their unpaid Book Now bookings plus their
-- unpaid orders, and values a line at what it charges. Same signature, so processes of the
-- previous release call the new rule at once.
CREATE OR REPLACE FUNCTION "book_part_or_refuse"(
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
DECLARE
  v_part record;
  v_held record;
  v_total_cents bigint;
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = p_user_id FOR UPDATE;
  RETURN QUERY
    WITH "held" AS (
      SELECT count(DISTINCT coalesce("order_id", "id")) AS "bookings", coalesce(sum("quantity"), 0) AS "units", coalesce(sum(coalesce("charged_cents", "total_cents")), 0) AS "value_cents"
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
    )
    INSERT INTO "bookings" ("tool_id", "user_id", "tool_name", "email", "person_name", "phone", "address", "quantity", "unit_price_cents", "total_cents")
    SELECT "taken"."id", p_user_id, "taken"."name", p_email, p_person_name, p_phone, p_address, p_amount, "taken"."price_cents",
      "taken"."price_cents" * p_amount
    FROM "taken"
    RETURNING *;
  IF FOUND THEN
    RETURN;
  END IF;

  -- Nothing was taken: the first rule the booking breaks, in the order a customer reads them. The
  -- customer's row is still locked, so the holds read here are the ones the statement saw.
  SELECT "minimum_order_quantity", "available", "price_cents" INTO v_part
  FROM "tools" WHERE "id" = p_tool_id AND "removed_at" IS NULL AND NOT "hidden";
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'SP001', MESSAGE = 'part_not_found';
  END IF;
  IF p_amount < v_part.minimum_order_quantity THEN
    RAISE EXCEPTION USING ERRCODE = 'SP001', MESSAGE = 'below_minimum_order';
  END IF;
  IF v_part.available < p_amount THEN
    RAISE EXCEPTION USING ERRCODE = 'SP001', MESSAGE = 'out_of_stock', DETAIL = v_part.available::text;
  END IF;
  v_total_cents := v_part.price_cents::bigint * p_amount;
  IF v_total_cents > p_max_order_total_cents THEN
    RAISE EXCEPTION USING ERRCODE = 'SP001', MESSAGE = 'order_too_large';
  END IF;
  IF p_expected_total_cents IS NOT NULL AND p_expected_total_cents <> v_total_cents THEN
    RAISE EXCEPTION USING ERRCODE = 'SP001', MESSAGE = 'price_changed';
  END IF;
  SELECT count(DISTINCT coalesce("order_id", "id")) AS "bookings", coalesce(sum("quantity"), 0) AS "units", coalesce(sum(coalesce("charged_cents", "total_cents")), 0) AS "value_cents"
  INTO v_held FROM "bookings" WHERE "user_id" = p_user_id AND "status" = 'unpaid';
  IF v_held.bookings >= p_max_bookings THEN
    RAISE EXCEPTION USING ERRCODE = 'SP001', MESSAGE = 'hold_limit_bookings';
  END IF;
  IF v_held.units + p_amount > p_max_units THEN
    RAISE EXCEPTION USING ERRCODE = 'SP001', MESSAGE = 'hold_limit_units';
  END IF;
  IF v_held.value_cents + v_total_cents > p_max_value_cents THEN
    RAISE EXCEPTION USING ERRCODE = 'SP001', MESSAGE = 'hold_limit_value';
  END IF;
  -- Every rule holds now: the stock the statement saw was taken by a booking that committed since.
  RAISE EXCEPTION USING ERRCODE = 'SP001', MESSAGE = 'out_of_stock', DETAIL = v_part.available::text;
END
$$;
