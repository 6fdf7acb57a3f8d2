-- The embedded 9Hits sandbox's siteGet text filter (a search anywhere in a campaign's title or
-- URLs) read each campaign's whole JSON body twice per row: the product's sync job searches it by
-- title before every first siteAdd (apps/api/src/modules/websites/delivery-jobs.ts), and in the
-- bench's customer workload that one query took 44% of PostgreSQL's statement time (1.7 ms a call
-- at 1,350 campaigns, docs/performance.md run 12). The lowered title and URLs are now kept as columns
-- of their own, which a scan reads without opening the body, and the trigram indexes are built on
-- them with fastupdate off: with it on, every insert went to the index's pending list, which each
-- search then read whole until a vacuum (this machine's PostgreSQL runs no autovacuum), 3.6-4.5 ms a
-- search against 0.2 ms for the same index built fresh.
ALTER TABLE "sandbox_ninehits_campaigns" ADD COLUMN "title_search" text GENERATED ALWAYS AS (lower("body"->>'title')) STORED;--> statement-breakpoint
ALTER TABLE "sandbox_ninehits_campaigns" ADD COLUMN "urls_search" text GENERATED ALWAYS AS (lower("body"->>'urls')) STORED;--> statement-breakpoint
DROP INDEX "sandbox_ninehits_campaigns_title_trgm_idx";--> statement-breakpoint
DROP INDEX "sandbox_ninehits_campaigns_urls_trgm_idx";--> statement-breakpoint
CREATE INDEX "sandbox_ninehits_campaigns_title_trgm_idx" ON "sandbox_ninehits_campaigns" USING gin ("title_search" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "sandbox_ninehits_campaigns_urls_trgm_idx" ON "sandbox_ninehits_campaigns" USING gin ("urls_search" gin_trgm_ops) WITH (fastupdate = off);
