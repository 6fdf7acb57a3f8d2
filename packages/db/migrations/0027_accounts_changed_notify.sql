-- Each server process keeps its callers' sessions, access tokens and user objects in memory for at most a second
-- (apps/api/src/modules/accounts/account-cache.ts). Any committed change to what a session check
-- or a user object reads announces the accounts it touched on channel accounts_changed, whatever code
-- path wrote it: one NOTIFY per statement, its payload the account ids separated by commas, or '*'
-- for "any account" (a catalogue package, a TRUNCATE, or more than 500 accounts at once).
-- Every pooled connection LISTENs (packages/db/src/client.ts): PostgreSQL delivers a connection's own
-- notifications right after its COMMIT and before it reports ready, so the committing process has
-- forgotten the old copy before its write returns; other processes hear it about a millisecond later.
CREATE FUNCTION "accounts_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account text := quote_ident(TG_ARGV[0]);
  changed text;
  how_many bigint;
  ids text;
BEGIN
  -- TG_ARGV[0] names the column that holds the account's id, or with TG_ARGV[1] = 'websites' the
  -- website's (a website's countries name the website, not the account); the transition tables hold the rows.
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
  IF how_many > 500 THEN ids := '*'; END IF;
  IF ids IS NOT NULL THEN PERFORM pg_notify('accounts_changed', ids); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "accounts_changed_notify_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('accounts_changed', '*');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_changed_upd" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('id');--> statement-breakpoint
CREATE TRIGGER "users_changed_del" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('id');--> statement-breakpoint
CREATE TRIGGER "sessions_changed_upd" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "sessions_changed_del" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "websites_changed_ins" AFTER INSERT ON "websites" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "websites_changed_upd" AFTER UPDATE ON "websites" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "websites_changed_del" AFTER DELETE ON "websites" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "website_locations_changed_ins" AFTER INSERT ON "website_locations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('website_id', 'websites');--> statement-breakpoint
CREATE TRIGGER "website_locations_changed_upd" AFTER UPDATE ON "website_locations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('website_id', 'websites');--> statement-breakpoint
CREATE TRIGGER "website_locations_changed_del" AFTER DELETE ON "website_locations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('website_id', 'websites');--> statement-breakpoint
CREATE TRIGGER "activated_addons_changed_ins" AFTER INSERT ON "activated_addons" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "activated_addons_changed_upd" AFTER UPDATE ON "activated_addons" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "activated_addons_changed_del" AFTER DELETE ON "activated_addons" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "subscriptions_changed_ins" AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "subscriptions_changed_upd" AFTER UPDATE ON "subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "subscriptions_changed_del" AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "notifications_changed_ins" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "notifications_changed_upd" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "notifications_changed_del" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
-- A personal access token's check (apps/api/src/http/token-auth.ts) is held the same way: a revocation
-- or a deletion is announced as a change to its account.
CREATE TRIGGER "access_tokens_changed_upd" AFTER UPDATE ON "access_tokens" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "access_tokens_changed_del" AFTER DELETE ON "access_tokens" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify"('user_id');--> statement-breakpoint
-- A catalogue package is part of every subscriber's user object.
CREATE TRIGGER "packages_changed" AFTER UPDATE OR DELETE ON "packages" FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify_all"();--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify_all"();--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify_all"();--> statement-breakpoint
CREATE TRIGGER "websites_truncated" AFTER TRUNCATE ON "websites" FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify_all"();--> statement-breakpoint
CREATE TRIGGER "website_locations_truncated" AFTER TRUNCATE ON "website_locations" FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify_all"();--> statement-breakpoint
CREATE TRIGGER "activated_addons_truncated" AFTER TRUNCATE ON "activated_addons" FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify_all"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_truncated" AFTER TRUNCATE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify_all"();--> statement-breakpoint
CREATE TRIGGER "notifications_truncated" AFTER TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify_all"();--> statement-breakpoint
CREATE TRIGGER "packages_truncated" AFTER TRUNCATE ON "packages" FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify_all"();--> statement-breakpoint
CREATE TRIGGER "access_tokens_truncated" AFTER TRUNCATE ON "access_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "accounts_changed_notify_all"();
