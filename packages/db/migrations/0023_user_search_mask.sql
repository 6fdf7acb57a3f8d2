-- The admin's one-character search ("contains a") must count its matches among 100,000 customers quickly;
-- a trigram index has nothing to look up for fewer than three characters. search_mask holds one bit
-- per character of the alphabet below that occurs in the lower-cased username or email, so "contains
-- this character" is a bit test on an 8-byte column that an index-only scan of users_search_mask_idx
-- answers (apps/api/src/lib/user-search.ts). A trigger keeps it; the column is added with a default
-- (no table rewrite) and filled by an UPDATE, whose old row versions autovacuum then clears, which
-- also marks the pages all-visible again for the admin lists' index-only scans.
CREATE OR REPLACE FUNCTION user_search_mask(username text, email text) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(bit_or(1::bigint << (position(c in 'abcdefghijklmnopqrstuvwxyz0123456789.@_-+') - 1)), 0)
    FROM regexp_split_to_table(lower(username) || lower(email), '') AS c
    WHERE position(c in 'abcdefghijklmnopqrstuvwxyz0123456789.@_-+') > 0
  $$;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_mask" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_search_mask_set() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.search_mask := user_search_mask(NEW.username, NEW.email);
    RETURN NEW;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "users_search_mask_trg" BEFORE INSERT OR UPDATE OF "username", "email", "search_mask" ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_search_mask_set();--> statement-breakpoint
UPDATE "users" SET "search_mask" = user_search_mask("username", "email");--> statement-breakpoint
CREATE INDEX "users_search_mask_idx" ON "users" USING btree ("search_mask") WHERE "role" = 'ROLE_USER';--> statement-breakpoint
-- The page of a one-character search walks the customers in username order testing the bit: with the
-- mask in the listing index that walk stays index-only, even for a character nobody has.
DROP INDEX IF EXISTS "users_listing_idx";--> statement-breakpoint
CREATE INDEX "users_listing_idx" ON "users" USING btree (lower("username"),"id","username","email","status","role","search_mask");
