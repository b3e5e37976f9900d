-- sprocket:no-transaction
-- Part variants' indexes, built CONCURRENTLY so no build holds the lock that stops bookings on a
-- large tools table (docs/decisions/0052). The variants' index comes first: the listed figures'
-- trigger reads a part's variants through it. Then the parts there are get their listed figures (a
-- part without variants is its own lowest price and whole stock), 2,000 parts to a transaction, so
-- no booking waits on a row lock for more than one batch (about 0.1 s; the whole of 100,000 parts
-- in one statement held its rows for 5.6 s); then the catalogue's indexes move to those figures
-- and parts only, and the old ones go.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "tools_variants" ON "tools" USING btree ("variant_of","variant_position") WHERE "tools"."variant_of" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "tools_sku_unique" ON "tools" USING btree ("sku") WHERE "tools"."sku" is not null;--> statement-breakpoint
DO $$
DECLARE
  v_after bigint := 0;
  v_last bigint;
BEGIN
  SELECT coalesce(max("seq"), 0) INTO v_last FROM "tools";
  WHILE v_after < v_last LOOP
    UPDATE "tools" SET "listed_price_cents" = "price_cents", "listed_available" = "available"
    WHERE "variant_of" IS NULL AND "seq" > v_after AND "seq" <= v_after + 2000;
    v_after := v_after + 2000;
    COMMIT;
  END LOOP;
END
$$;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "tools_part_price_seq" ON "tools" USING btree ("listed_price_cents","seq") WHERE "tools"."removed_at" is null and "tools"."variant_of" is null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "tools_part_category_price_seq" ON "tools" USING btree ("category_id","listed_price_cents","seq") WHERE "tools"."removed_at" is null and "tools"."hidden" = false and "tools"."variant_of" is null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "tools_part_category_seq" ON "tools" USING btree ("category_id","seq") WHERE "tools"."removed_at" is null and "tools"."hidden" = false and "tools"."variant_of" is null;--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "tools_listed_price_seq";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "tools_listed_category_price_seq";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "tools_listed_category_seq";
