-- A NOTIFY inside the writing transaction made PostgreSQL 15 commit the notifying transactions one
-- at a time, each holding its lock through its commit's WAL flush: under many writes of websites and
-- jobs, commits queued behind each other (docs/performance.md, run 9). announce() lets a connection
-- of the server say so instead: there (`traffic.announce` set to 'after_commit' by
-- packages/db/src/client.ts) it sends the channel and payload as a notice, and the server NOTIFYs
-- them after the commit (packages/db/src/after-commit.ts); anywhere else (psql, PGlite, a server of
-- an earlier build during a rolling restart) it NOTIFYs as before. What is announced is unchanged.
CREATE FUNCTION "announce"(channel text, payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('traffic.announce', true) = 'after_commit' THEN
    RAISE NOTICE USING ERRCODE = 'TRA01', MESSAGE = channel, DETAIL = payload;
  ELSE
    PERFORM pg_notify(channel, payload);
  END IF;
END;
$$;
--> statement-breakpoint
-- Migration 0029's function, its NOTIFY replaced by announce() (a migration already applied is not
-- edited), and the general path's quote_ident computed on that path only.
CREATE OR REPLACE FUNCTION "accounts_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account text;
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
    account := quote_ident(TG_ARGV[0]);
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
  IF ids IS NOT NULL THEN PERFORM announce('accounts_changed', ids); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "accounts_changed_notify_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce('accounts_changed', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "jobs_notify_due"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce('jobs_due', '');
  RETURN NULL;
END;
$$;
