CREATE TYPE "public"."webhook_delivery_status" AS ENUM('pending', 'delivered', 'failed');--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_attempts_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"response_excerpt" text,
	CONSTRAINT "webhook_attempts_excerpt_short" CHECK (length("webhook_attempts"."response_excerpt") <= 500)
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"status" "webhook_delivery_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_attempts_not_negative" CHECK ("webhook_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_endpoints_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_some_events" CHECK (cardinality("webhook_endpoints"."events") >= 1)
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_attempts_seq_unique" ON "webhook_attempts" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_seq" ON "webhook_attempts" USING btree ("delivery_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_seq_unique" ON "webhook_deliveries" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint" ON "webhook_deliveries" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_seq" ON "webhook_deliveries" USING btree ("endpoint_id","seq");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_due" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_seq_unique" ON "webhook_endpoints" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "webhook_events_created" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
-- Webhooks out (docs/decisions/0057). Every event is recorded by a trigger, in the transaction of
-- the change it tells of: it commits with the change or not at all, whichever code path made it.
-- An event is recorded only when an enabled endpoint subscribes to it, with one delivery per endpoint.
CREATE FUNCTION "webhook_emit"(p_type text, p_data jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_event uuid;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "webhook_endpoints" WHERE "enabled" AND p_type = ANY("events")) THEN
    RETURN;
  END IF;
  INSERT INTO "webhook_events" ("type", "data", "created_at") VALUES (p_type, p_data, clock_timestamp()) RETURNING "id" INTO v_event;
  -- FOR KEY SHARE: an endpoint an admin removes meanwhile is skipped (the lock waits, then finds it
  -- gone) rather than failing the foreign key, and with it the order's commit.
  INSERT INTO "webhook_deliveries" ("event_id", "endpoint_id")
  SELECT v_event, "id" FROM "webhook_endpoints" WHERE "enabled" AND p_type = ANY("events") FOR KEY SHARE;
END
$$;--> statement-breakpoint
-- An order as its events tell of it: amounts in the currency's major units, as the API gives them.
CREATE FUNCTION "webhook_order_data"(p_order uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', o."id",
    'number', 'SP-' || o."number",
    'status', o."status",
    'currency', o."currency",
    'subtotal', o."subtotal_cents" / 100.0,
    'discount', o."discount_cents" / 100.0,
    'shipping', o."shipping_cents" / 100.0,
    'tax', o."tax_cents" / 100.0,
    'total', o."total_cents" / 100.0,
    'lines', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'id', b."id",
        'partId', b."tool_id",
        'name', b."tool_name",
        'quantity', b."quantity",
        'unitPrice', b."unit_price_cents" / 100.0,
        'total', coalesce(b."charged_cents", b."total_cents") / 100.0,
        'status', b."status"
      ) ORDER BY b."seq")
      FROM "bookings" b WHERE b."order_id" = o."id"
    ), '[]'::jsonb)
  )
  FROM "orders" o WHERE o."id" = p_order
$$;--> statement-breakpoint
-- Deferred to the commit, so that the order's lines (written after the order's row) are in its
-- data; the status is the row's as of the change, should the order change again in the transaction.
CREATE FUNCTION "webhook_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_type text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    v_type := 'order.placed';
  ELSIF OLD."status" IS DISTINCT FROM NEW."status" AND NEW."status"::text = 'paid' THEN
    v_type := 'order.paid';
  ELSIF OLD."status" IS DISTINCT FROM NEW."status" AND NEW."status"::text IN ('cancelled', 'expired') THEN
    v_type := 'order.cancelled';
  ELSE
    RETURN NULL;
  END IF;
  PERFORM "webhook_emit"(v_type, "webhook_order_data"(NEW."id") || jsonb_build_object('status', NEW."status"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "webhook_order_changed" AFTER INSERT OR UPDATE OF "status" ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "webhook_order_changed"();--> statement-breakpoint
-- A parcel sent: deferred too, as its lines are marked after the shipment's row is written.
CREATE FUNCTION "webhook_order_shipped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "webhook_emit"('order.shipped', "webhook_order_data"(NEW."order_id") || jsonb_build_object('shipment', jsonb_build_object(
    'id', NEW."id",
    'carrier', NEW."carrier",
    'trackingNumber', NEW."tracking_number",
    'lineIds', coalesce((SELECT jsonb_agg(b."id" ORDER BY b."seq") FROM "bookings" b WHERE b."shipment_id" = NEW."id"), '[]'::jsonb)
  )));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "webhook_order_shipped" AFTER INSERT ON "shipments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "webhook_order_shipped"();--> statement-breakpoint
-- A refund counts once the provider took it: its row is written before the provider is asked and
-- gets its refund id when it succeeds (a refused one is removed).
CREATE FUNCTION "webhook_order_refunded"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "webhook_emit"('order.refunded', "webhook_order_data"(NEW."order_id") || jsonb_build_object('refund', jsonb_build_object(
    'id', NEW."id",
    'kind', NEW."kind",
    'lineId', NEW."booking_id",
    'amount', NEW."amount_cents" / 100.0,
    'tax', NEW."tax_cents" / 100.0
  )));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "webhook_order_refund_made" AFTER INSERT ON "order_refunds" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."refund_id" IS NOT NULL) EXECUTE FUNCTION "webhook_order_refunded"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "webhook_order_refund_taken" AFTER UPDATE OF "refund_id" ON "order_refunds" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."refund_id" IS NULL AND NEW."refund_id" IS NOT NULL) EXECUTE FUNCTION "webhook_order_refunded"();--> statement-breakpoint
-- A part's (or variant's) stock crossing from at least its minimum order to below it: once per
-- crossing, whichever code path moved the stock (a booking, a restock, an edit, an import).
CREATE FUNCTION "webhook_stock_below_minimum"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "webhook_emit"('stock.below_minimum_order', jsonb_build_object(
    'id', NEW."id",
    'partId', coalesce(NEW."variant_of", NEW."id"),
    'name', NEW."name",
    'sku', NEW."sku",
    'available', NEW."available",
    'minimumOrderQuantity', NEW."minimum_order_quantity"
  ));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "webhook_stock_below_minimum" AFTER UPDATE OF "available", "minimum_order_quantity" ON "tools" FOR EACH ROW WHEN (OLD."available" >= OLD."minimum_order_quantity" AND NEW."available" < NEW."minimum_order_quantity" AND NEW."removed_at" IS NULL) EXECUTE FUNCTION "webhook_stock_below_minimum"();
