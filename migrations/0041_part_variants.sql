-- Part variants (docs/decisions/0052): a variant is a sellable row of tools, naming its part in
-- variant_of; the part's row is its default variant. Hand edits: the new columns have constant
-- defaults, so adding them rewrites nothing; the foreign key and checks are NOT VALID, so adding
-- them does not scan tools under the lock that stops bookings (0043 validates them); the indexes
-- are built CONCURRENTLY by 0042, which also fills the listed figures of the parts there are.
ALTER TABLE "tools" ADD COLUMN "variant_of" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "option_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "variant_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "listed_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "listed_available" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "variant_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_variant_of_tools_id_fk" FOREIGN KEY ("variant_of") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_option_values_object" CHECK (jsonb_typeof("tools"."option_values") = 'object') NOT VALID;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_not_own_variant" CHECK ("tools"."variant_of" <> "tools"."id") NOT VALID;--> statement-breakpoint
-- A part's listed figures: the lowest price over its own row and its variants on sale, their stock
-- summed, and how many there are. Worked out on the part's row before it is written (a booking of the part itself
-- takes no other lock), and asked for by a variant's change (below), in the same transaction.
CREATE FUNCTION "tools_listed_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_lowest integer;
  v_stock bigint;
  v_variants integer;
BEGIN
  SELECT min("price_cents"), sum("available"), count(*) INTO v_lowest, v_stock, v_variants
  FROM "tools" WHERE "variant_of" = NEW."id" AND "removed_at" IS NULL;
  NEW."listed_price_cents" := least(NEW."price_cents", v_lowest);
  NEW."listed_available" := (NEW."available" + coalesce(v_stock, 0))::integer;
  NEW."variant_count" := 1 + v_variants;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tools_listed_figures" BEFORE INSERT OR UPDATE OF "price_cents", "available", "listed_price_cents" ON "tools" FOR EACH ROW WHEN (NEW."variant_of" IS NULL) EXECUTE FUNCTION "tools_listed_figures"();--> statement-breakpoint
-- A variant's price, stock or retirement changes its part's figures: touching the part's row runs
-- the trigger above. The variant's row is locked first, then its part's, as a booking of the
-- variant takes them (checkout locks a cart's rows in that order too: order-pricing.ts).
CREATE FUNCTION "tools_variant_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tools" SET "listed_price_cents" = "listed_price_cents" WHERE "id" = NEW."variant_of";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tools_variant_changed" AFTER INSERT OR UPDATE OF "price_cents", "available", "removed_at" ON "tools" FOR EACH ROW WHEN (NEW."variant_of" IS NOT NULL) EXECUTE FUNCTION "tools_variant_changed"();--> statement-breakpoint
-- A variant's options and SKU show on its part's page, a shared read: their change must reach every
-- process's read cache at commit. The listed figures are left out, as stock is (a price change
-- notifies through price_cents).
DROP TRIGGER "tools_changed" ON "tools";--> statement-breakpoint
CREATE TRIGGER "tools_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "img", "price_cents", "minimum_order_quantity", "description", "removed_at", "hidden", "version", "category_id", "compatibility", "review_count", "rating_total", "specifications", "variant_of", "sku", "option_values", "variant_position" ON "tools" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
