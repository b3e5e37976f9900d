ALTER TABLE "reviews" ADD COLUMN "tool_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', description), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_tool_seq" ON "reviews" USING btree ("tool_id","seq");--> statement-breakpoint
CREATE INDEX "tools_search_document" ON "tools" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "tools_listed_price_seq" ON "tools" USING btree ("price_cents","seq") WHERE "tools"."removed_at" is null;