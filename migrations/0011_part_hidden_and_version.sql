ALTER TABLE "tools" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Hiding a part and an admin's edit (which counts a version, even when only the stock changed)
-- must reach every process's read cache at commit, like the other columns a visitor sees.
DROP TRIGGER "tools_changed" ON "tools";--> statement-breakpoint
CREATE TRIGGER "tools_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "img", "price_cents", "minimum_order_quantity", "description", "removed_at", "hidden", "version" ON "tools" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
