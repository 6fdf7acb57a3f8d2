-- accounts_changed_notify (migration 0027) built the query that reads a statement's changed accounts
-- as text and ran it with EXECUTE: PostgreSQL parsed and planned it again at every write of a user,
-- session, website, website country, add-on, subscription, notification or token (~0.1 ms each;
-- docs/performance.md, run 8). The same queries are written out here for the arguments and
-- operations migration 0027's triggers use, so PL/pgSQL keeps each trigger's plans; anything else
-- still takes the general, dynamic path. What is announced does not change.
CREATE OR REPLACE FUNCTION "accounts_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account text := quote_ident(TG_ARGV[0]);
  changed text;
  how_many bigint;
  ids text;
BEGIN
  IF TG_NARGS = 1 AND TG_ARGV[0] = 'user_id' AND TG_OP = 'INSERT' THEN
    SELECT count(DISTINCT user_id), string_agg(DISTINCT user_id::text, ',') INTO how_many, ids FROM new_rows;
  ELSIF TG_NARGS = 1 AND TG_ARGV[0] = 'user_id' AND TG_OP = 'DELETE' THEN
    SELECT count(DISTINCT user_id), string_agg(DISTINCT user_id::text, ',') INTO how_many, ids FROM old_rows;
  ELSIF TG_NARGS = 1 AND TG_ARGV[0] = 'user_id' AND TG_OP = 'UPDATE' THEN
    SELECT count(DISTINCT a), string_agg(DISTINCT a::text, ',') INTO how_many, ids
      FROM (SELECT user_id AS a FROM new_rows UNION ALL SELECT user_id FROM old_rows) r;
  ELSIF TG_NARGS = 1 AND TG_ARGV[0] = 'id' AND TG_OP = 'DELETE' THEN
    SELECT count(DISTINCT id), string_agg(DISTINCT id::text, ',') INTO how_many, ids FROM old_rows;
  ELSIF TG_NARGS = 1 AND TG_ARGV[0] = 'id' AND TG_OP = 'UPDATE' THEN
    SELECT count(DISTINCT a), string_agg(DISTINCT a::text, ',') INTO how_many, ids
      FROM (SELECT id AS a FROM new_rows UNION ALL SELECT id FROM old_rows) r;
  -- A website's countries name the website, not the account.
  ELSIF TG_NARGS = 2 AND TG_ARGV[0] = 'website_id' AND TG_ARGV[1] = 'websites' AND TG_OP = 'INSERT' THEN
    SELECT count(DISTINCT w.user_id), string_agg(DISTINCT w.user_id::text, ',') INTO how_many, ids
      FROM websites w WHERE w.id IN (SELECT website_id FROM new_rows);
  ELSIF TG_NARGS = 2 AND TG_ARGV[0] = 'website_id' AND TG_ARGV[1] = 'websites' AND TG_OP = 'DELETE' THEN
    SELECT count(DISTINCT w.user_id), string_agg(DISTINCT w.user_id::text, ',') INTO how_many, ids
      FROM websites w WHERE w.id IN (SELECT website_id FROM old_rows);
  ELSIF TG_NARGS = 2 AND TG_ARGV[0] = 'website_id' AND TG_ARGV[1] = 'websites' AND TG_OP = 'UPDATE' THEN
    SELECT count(DISTINCT w.user_id), string_agg(DISTINCT w.user_id::text, ',') INTO how_many, ids
      FROM websites w WHERE w.id IN (SELECT website_id FROM new_rows UNION ALL SELECT website_id FROM old_rows);
  ELSE
    changed := CASE TG_OP
      WHEN 'INSERT' THEN format('select %s as account from new_rows', account)
      WHEN 'DELETE' THEN format('select %s as account from old_rows', account)
      ELSE format('select %1$s as account from new_rows union select %1$s from old_rows', account)
    END;
    IF TG_NARGS > 1 AND TG_ARGV[1] = 'websites' THEN
      changed := format('select w.user_id as account from websites w where w.id in (select account from (%s) website)', changed);
    END IF;
    EXECUTE format('select count(distinct account), string_agg(distinct account::text, '','') from (%s) rows', changed)
      INTO how_many, ids;
  END IF;
  IF how_many > 500 THEN ids := '*'; END IF;
  IF ids IS NOT NULL THEN PERFORM pg_notify('accounts_changed', ids); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The job claim (apps/api/src/jobs/job-queue.ts) takes the due jobs in (run_at, id) order: with the
-- index on run_at alone PostgreSQL read and sorted every due job at each claim, so a backlog made
-- each claim slower (0.35 against 0.10 ms with 150 due; docs/performance.md, run 8).
DROP INDEX "jobs_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;
