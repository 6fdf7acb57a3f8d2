-- GET /api/admin/websites counted every row of websites: an index-only scan of 300,000 entries took
-- 28-32 ms (docs/performance.md, run 10). The total is now kept in shards, one row per writing
-- backend (its process id modulo 1024), so the answer sums at most 1,024 small rows, and two writers
-- share a row only when their process ids collide: the create and delete of the customers' path
-- never wait on one hot row. Each statement that adds or removes websites adjusts its backend's
-- shard once (transition tables), so a bulk insert of 300,000 rows is one update, not 300,000.
CREATE TABLE "website_count_shards" (
  "shard" smallint PRIMARY KEY NOT NULL,
  "count" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "website_count_shards" ("shard", "count") SELECT 0, count(*) FROM "websites";--> statement-breakpoint
-- One function for the three triggers: a statement's rows added (+) or removed (-) go to this
-- backend's shard, and an emptied table empties the shards.
CREATE FUNCTION "website_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "website_count_shards";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO change FROM "added";
  ELSE
    SELECT -count(*) INTO change FROM "removed";
  END IF;
  IF change <> 0 THEN
    INSERT INTO "website_count_shards" AS s ("shard", "count") VALUES ((pg_backend_pid() % 1024)::smallint, change)
      ON CONFLICT ("shard") DO UPDATE SET "count" = s."count" + EXCLUDED."count";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "website_count_added" AFTER INSERT ON "websites" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "website_count_change"();--> statement-breakpoint
CREATE TRIGGER "website_count_removed" AFTER DELETE ON "websites" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "website_count_change"();--> statement-breakpoint
CREATE TRIGGER "website_count_emptied" AFTER TRUNCATE ON "websites"
  FOR EACH STATEMENT EXECUTE FUNCTION "website_count_change"();
