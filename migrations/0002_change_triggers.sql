-- Row counts a total reads instead of scanning (reviews), kept in the transaction that adds or removes rows.
INSERT INTO "row_counts" ("table_name", "rows") SELECT 'reviews', count(*) FROM "reviews";
--> statement-breakpoint
CREATE FUNCTION "count_inserted_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "rows" = "rows" + (SELECT count(*) FROM "inserted_rows") WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "count_deleted_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "rows" = "rows" - (SELECT count(*) FROM "deleted_rows") WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "count_truncated_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "rows" = 0 WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_count_inserted" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "reviews_count_deleted" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
CREATE TRIGGER "reviews_count_truncated" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "count_truncated_rows"();
--> statement-breakpoint
-- Change notifications: every server process LISTENs on sprocket_changes and drops what it cached
-- from the named table. NOTIFY is delivered at commit. Stock (tools.available) is left out on
-- purpose: a NOTIFY makes commits of notifying transactions take turns (each waiting for its own
-- WAL flush), which would cap bookings at one per disk flush; cached stock expires within a second.
CREATE FUNCTION "notify_table_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sprocket_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tools_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "img", "price_cents", "minimum_order_quantity", "description", "removed_at" ON "tools" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
--> statement-breakpoint
CREATE TRIGGER "reviews_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
