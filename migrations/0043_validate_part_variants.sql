-- 0041 added the variants' foreign key and checks NOT VALID, so adding them did not scan tools
-- under a lock that stops every booking; validating them here scans under a lock that lets writes go on.
ALTER TABLE "tools" VALIDATE CONSTRAINT "tools_variant_of_tools_id_fk";--> statement-breakpoint
ALTER TABLE "tools" VALIDATE CONSTRAINT "tools_option_values_object";--> statement-breakpoint
ALTER TABLE "tools" VALIDATE CONSTRAINT "tools_not_own_variant";
