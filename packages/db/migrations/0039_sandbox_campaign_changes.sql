-- The embedded 9Hits sandbox answers siteGet's pages by their position (`page`, `limit`, oldest
-- first): page p skipped (p - 1) × limit entries of the creation-order index, 12.7 ms of PostgreSQL
-- at page 300 of the bench's 300,000 campaigns, so a collection reading them all paid for every
-- earlier page again on each (docs/performance.md, run 19). A process that has just answered page p
-- can start page p + 1 right after p's last campaign, if no campaign was added or removed since:
-- `changes` takes a new number from this sequence with every statement that adds or removes
-- campaigns (migration 0036's trigger) or writes a campaign's creation time or id (the listing's
-- order), in that statement's transaction. A sequence, so that a count row wiped and made again
-- never repeats a number.
CREATE SEQUENCE "sandbox_ninehits_campaign_changes";--> statement-breakpoint
ALTER TABLE "sandbox_ninehits_campaign_count" ADD COLUMN "changes" bigint DEFAULT nextval('sandbox_ninehits_campaign_changes') NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sandbox_ninehits_count_campaigns"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- A campaign's creation time or id written anew (tests age campaigns so): the order may differ.
    UPDATE "sandbox_ninehits_campaign_count" SET "changes" = nextval('sandbox_ninehits_campaign_changes');
    RETURN NULL;
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "sandbox_ninehits_campaign_count" SET "campaigns" = 0, "changes" = nextval('sandbox_ninehits_campaign_changes');
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM "added";
  ELSE
    SELECT -count(*) INTO delta FROM "removed";
  END IF;
  UPDATE "sandbox_ninehits_campaign_count" SET "campaigns" = "campaigns" + delta, "changes" = nextval('sandbox_ninehits_campaign_changes');
  IF NOT FOUND THEN
    -- The row was wiped with the table (a test's reset): counted once more, from what is there now.
    INSERT INTO "sandbox_ninehits_campaign_count" ("campaigns") SELECT count(*) FROM "sandbox_ninehits_campaigns"
      ON CONFLICT ("id") DO UPDATE SET "campaigns" = "sandbox_ninehits_campaign_count"."campaigns" + delta,
        "changes" = nextval('sandbox_ninehits_campaign_changes');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sandbox_ninehits_campaigns_reordered" AFTER UPDATE OF "created_at", "id" ON "sandbox_ninehits_campaigns"
  FOR EACH STATEMENT EXECUTE FUNCTION "sandbox_ninehits_count_campaigns"();
