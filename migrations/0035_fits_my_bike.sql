-- Fits my bike: a part's compatibility and the customers' saved bikes. Hand edit: the check added to
-- tools is NOT VALID, so adding it takes no scan of the parts under a lock that stops bookings (0036
-- validates it); the new column has a constant default, which Postgres adds without rewriting.
CREATE TABLE "bikes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"standards" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bikes_standards_object" CHECK (jsonb_typeof("bikes"."standards") = 'object')
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "compatibility" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bikes" ADD CONSTRAINT "bikes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bikes_user" ON "bikes" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_compatibility_object" CHECK (jsonb_typeof("tools"."compatibility") = 'object') NOT VALID;
--> statement-breakpoint
-- A part's new compatibility changes the category pages and searches filtered by a bike, which are
-- shared reads: it must reach every process's read cache at commit, as a category change does.
DROP TRIGGER "tools_changed" ON "tools";--> statement-breakpoint
CREATE TRIGGER "tools_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "img", "price_cents", "minimum_order_quantity", "description", "removed_at", "hidden", "version", "category_id", "compatibility" ON "tools" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
