-- A part's review count and rating total, kept on the part (docs/decisions/0050). Hand edits: the
-- columns have a constant default, so adding them rewrites nothing; the range check is NOT VALID,
-- so adding it does not scan tools under the lock that stops bookings (0038 validates it); the
-- backfill updates only parts that have reviews.
ALTER TABLE "tools" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_rating_total_in_range" CHECK ("tools"."rating_total" between "tools"."review_count" and 5 * "tools"."review_count") NOT VALID;--> statement-breakpoint
UPDATE "tools" SET "review_count" = "rated"."reviews", "rating_total" = "rated"."total"
FROM (SELECT "tool_id", count(*)::int AS "reviews", sum("rating")::int AS "total" FROM "reviews" WHERE "tool_id" IS NOT NULL GROUP BY "tool_id") AS "rated"
WHERE "tools"."id" = "rated"."tool_id";--> statement-breakpoint
-- Cards show the ratings, so a change of them must reach every process's read cache at commit.
DROP TRIGGER "tools_changed" ON "tools";--> statement-breakpoint
CREATE TRIGGER "tools_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "img", "price_cents", "minimum_order_quantity", "description", "removed_at", "hidden", "version", "category_id", "compatibility", "review_count", "rating_total" ON "tools" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
