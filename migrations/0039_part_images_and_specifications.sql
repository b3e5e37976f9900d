-- Part pages: a gallery of images with alt text, and a specifications table (docs/decisions/0053).
-- Hand edits: the check added to tools is NOT VALID, so adding it takes no scan of the parts under a
-- lock that stops bookings (0040 validates it); the new column has a constant default, which
-- Postgres adds without rewriting. Each part's cover becomes its gallery's first image, described
-- by the part's name until an admin writes better alt text.
CREATE TABLE "part_images" (
	"tool_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"path" text NOT NULL,
	"alt" text NOT NULL,
	CONSTRAINT "part_images_tool_id_position_pk" PRIMARY KEY("tool_id","position"),
	CONSTRAINT "part_images_position_in_range" CHECK ("part_images"."position" between 0 and 7),
	CONSTRAINT "part_images_alt_length" CHECK (char_length("part_images"."alt") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "specifications" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "part_images" ADD CONSTRAINT "part_images_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_specifications_array" CHECK (jsonb_typeof("tools"."specifications") = 'array') NOT VALID;--> statement-breakpoint
INSERT INTO "part_images" ("tool_id", "position", "path", "alt")
SELECT "id", 0, "img", coalesce(nullif(btrim(left("name", 200)), ''), 'Picture of the part') FROM "tools";--> statement-breakpoint
-- A part's specifications show on its page, a shared read: a change must reach every process's read
-- cache at commit, as the other fields of the part do.
DROP TRIGGER "tools_changed" ON "tools";--> statement-breakpoint
CREATE TRIGGER "tools_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "img", "price_cents", "minimum_order_quantity", "description", "removed_at", "hidden", "version", "category_id", "compatibility", "review_count", "rating_total", "specifications" ON "tools" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
