-- 0035 added the parts' compatibility check NOT VALID, so adding it did not scan tools under a lock
-- that stops every booking; validating it here scans under a lock that lets writes go on.
ALTER TABLE "tools" VALIDATE CONSTRAINT "tools_compatibility_object";
