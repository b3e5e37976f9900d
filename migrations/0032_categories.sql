-- The catalogue's category tree, and a part's category. Hand edit: the foreign key added to tools is
-- NOT VALID, so adding it takes no scan of the parts under a lock that stops bookings (0034
-- validates it); the indexes on tools are built CONCURRENTLY by 0033.
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_not_own_parent" CHECK ("categories"."parent_id" <> "categories"."id")
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_unique" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_parent_position" ON "categories" USING btree ("parent_id","position");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
-- A part's move to another category and every change of the tree must reach every process's read
-- cache at commit (the category pages and the tree are shared reads).
DROP TRIGGER "tools_changed" ON "tools";--> statement-breakpoint
CREATE TRIGGER "tools_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "img", "price_cents", "minimum_order_quantity", "description", "removed_at", "hidden", "version", "category_id" ON "tools" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();--> statement-breakpoint
CREATE TRIGGER "categories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
