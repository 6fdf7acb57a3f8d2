-- Background work that runs once per installation and must survive restarts (the 9Hits campaign
-- title rename, apps/api/src/modules/websites/campaign-titles.ts): where it got to, and when it
-- finished. One row per task, so the table never grows with use.
CREATE TABLE "one_time_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone
);
