-- A nullable column without a default: Postgres records it in the catalogue, rewriting and scanning
-- nothing, so the users table is locked only for that instant (within the runner's lock_timeout).
ALTER TABLE "users" ADD COLUMN "identity_disowned_at" timestamp with time zone;