-- The embedded 9Hits sandbox answered the slots its account uses (siteAdd's "no campaign slots
-- left", profileGet's slots) by counting every campaign: 30 ms of PostgreSQL per siteAdd at the
-- bench's 300,000 campaigns, for each website a customer adds (docs/performance.md, run 13). The
-- count is now kept, exactly, in a row of its own that the statements adding or removing campaigns
-- move, in their own transaction.
CREATE TABLE "sandbox_ninehits_campaign_count" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"campaigns" bigint NOT NULL,
	CONSTRAINT "sandbox_ninehits_campaign_count_one_row" CHECK ("id")
);--> statement-breakpoint
INSERT INTO "sandbox_ninehits_campaign_count" ("campaigns") SELECT count(*) FROM "sandbox_ninehits_campaigns";--> statement-breakpoint
CREATE FUNCTION "sandbox_ninehits_count_campaigns"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "sandbox_ninehits_campaign_count" SET "campaigns" = 0;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM "added";
  ELSE
    SELECT -count(*) INTO delta FROM "removed";
  END IF;
  UPDATE "sandbox_ninehits_campaign_count" SET "campaigns" = "campaigns" + delta;
  IF NOT FOUND THEN
    -- The row was wiped with the table (a test's reset): counted once more, from what is there now.
    INSERT INTO "sandbox_ninehits_campaign_count" ("campaigns") SELECT count(*) FROM "sandbox_ninehits_campaigns"
      ON CONFLICT ("id") DO UPDATE SET "campaigns" = "sandbox_ninehits_campaign_count"."campaigns" + delta;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sandbox_ninehits_campaigns_added" AFTER INSERT ON "sandbox_ninehits_campaigns"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "sandbox_ninehits_count_campaigns"();--> statement-breakpoint
CREATE TRIGGER "sandbox_ninehits_campaigns_removed" AFTER DELETE ON "sandbox_ninehits_campaigns"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "sandbox_ninehits_count_campaigns"();--> statement-breakpoint
CREATE TRIGGER "sandbox_ninehits_campaigns_emptied" AFTER TRUNCATE ON "sandbox_ninehits_campaigns"
  FOR EACH STATEMENT EXECUTE FUNCTION "sandbox_ninehits_count_campaigns"();
