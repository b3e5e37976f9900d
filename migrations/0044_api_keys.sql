-- API keys (docs/decisions/0054): a new table, so nothing existing is locked or scanned; the key
-- itself is never stored, only its SHA-256 (secret_hash), by which each call finds its key.
CREATE TYPE "public"."api_key_kind" AS ENUM('shop', 'customer');--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "api_key_kind" NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_scopes_known" CHECK (cardinality("api_keys"."scopes") > 0 and "api_keys"."scopes" <@ array['catalogue:read', 'orders:read', 'orders:write']::text[]),
	CONSTRAINT "api_keys_name_length" CHECK (char_length("api_keys"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_unique" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_user" ON "api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "api_keys_shop" ON "api_keys" USING btree ("created_at") WHERE "api_keys"."kind" = 'shop';