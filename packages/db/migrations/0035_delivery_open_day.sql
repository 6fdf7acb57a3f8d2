-- The delivery collection kept each reading's hits by adding them to the website's row of the day in
-- website_hits_daily: 500 counters and 500 daily rows rewritten per page of 9Hits campaigns, the daily
-- rows each on a page of its own (a website's days lie together), so after every checkpoint each row
-- cost its page's full image in the write-ahead log: 7.4 MB of WAL for one page of 500, ~22 MB a
-- second through a collection, while the customers' commits waited on the same log
-- (docs/performance.md, run 13). The day still being counted now stays on the website's counter,
-- which the reading rewrites anyway: `day` and its `day_hits` so far. The day goes to
-- website_hits_daily, as one row, once a reading on a later day closes it (or a run's end does, for a
-- website that run did not read); the history's readers add the open day to the closed ones. The
-- counters are left room on their pages, so a reading's new row version stays beside the old one (a
-- HOT update: no index entry, and only the few pages 500 consecutive counters fill are written).
-- A fillfactor applies to pages written after it is set: the table is rewritten once here (one row
-- per website, ~25 MB at 300,000; locked for about a second), in website order, so the first run
-- after the upgrade already updates in place.
ALTER TABLE "delivery_counters" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "delivery_counters" ADD COLUMN "day_hits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_counters" ADD CONSTRAINT "delivery_counters_day_hits" CHECK ("day_hits" >= 0);--> statement-breakpoint
ALTER TABLE "delivery_counters" SET (fillfactor = 50);--> statement-breakpoint
CLUSTER "delivery_counters" USING "delivery_counters_pkey";
