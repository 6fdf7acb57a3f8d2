-- A change to a customer's websites, add-ons, subscriptions or notifications announced their account
-- as changed (migration 0027), so every server process forgot the account's open sessions and
-- tokens with its user object, and the next call of that customer read its session again: in the
-- bench's customer workload, two of each cycle's five calls (the delete after a create, the load
-- after a delete; docs/performance.md, run 11). Those tables are read by the user object alone, never by the
-- check of a session (users, sessions) or of a token (access_tokens, users): their announcements
-- now say so as 'v:' and the ids separated by semicolons ('v:12;40', 'v:*'), and a process forgets
-- only the user objects (apps/api/src/modules/accounts/account-cache.ts). A process of an earlier
-- build reads such a payload as '*' and forgets every account, which is safe; the semicolons keep
-- its announcer, which joins a transaction's payloads with commas, from making a whole account's
-- announcement look like a user object's ('v:7' and '7' become 'v:7,7', which no process reads as
-- 'v:'). Migration 0030's functions otherwise unchanged (a migration already applied is not edited).
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
  IF ids IS NOT NULL AND TG_TABLE_NAME IN ('websites', 'website_locations', 'activated_addons', 'subscriptions', 'notifications') THEN
    ids := 'v:' || replace(ids, ',', ';');
  END IF;
  IF ids IS NOT NULL THEN PERFORM announce('accounts_changed', ids); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "accounts_changed_notify_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A catalogue package, or an emptied table the user object alone reads.
  IF TG_TABLE_NAME IN ('packages', 'websites', 'website_locations', 'activated_addons', 'subscriptions', 'notifications') THEN
    PERFORM announce('accounts_changed', 'v:*');
  ELSE
    PERFORM announce('accounts_changed', '*');
  END IF;
  RETURN NULL;
END;
$$;
