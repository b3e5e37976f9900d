-- Rate-limit counts are worth a minute at most and are rebuilt by the next calls, so they are kept
-- out of the write-ahead log (docs/decisions/0028): a count then costs no disk flush at commit.
-- After a crash of the database server (not a clean restart) Postgres empties the table, and every
-- budget starts again; standbys do not receive it, so a promoted standby starts empty too.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
