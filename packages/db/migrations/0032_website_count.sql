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
-- Three functions, not one by TG_OP: one function for the three triggers made the customer workload
-- ~20% slower in alternated runs (docs/performance.md, run 11).
CREATE FUNCTION "website_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "website_count_shards" AS s ("shard", "count")
    SELECT (pg_backend_pid() % 1024)::smallint, count(*) FROM "added" HAVING count(*) > 0
    ON CONFLICT ("shard") DO UPDATE SET "count" = s."count" + EXCLUDED."count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "website_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "website_count_shards" AS s ("shard", "count")
    SELECT (pg_backend_pid() % 1024)::smallint, -count(*) FROM "removed" HAVING count(*) > 0
    ON CONFLICT ("shard") DO UPDATE SET "count" = s."count" + EXCLUDED."count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "website_count_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "website_count_shards";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "website_count_added" AFTER INSERT ON "websites" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "website_count_added"();--> statement-breakpoint
CREATE TRIGGER "website_count_removed" AFTER DELETE ON "websites" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "website_count_removed"();--> statement-breakpoint
CREATE TRIGGER "website_count_emptied" AFTER TRUNCATE ON "websites"
  FOR EACH STATEMENT EXECUTE FUNCTION "website_count_emptied"();
