-- Closing an account for good (docs/decisions/0035-closing-an-account.md): when it was closed. A
-- closed row keeps its id (orders, payments and the audit log point at it) under a pseudonym.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "closed_at" timestamp (3) with time zone;
--> statement-breakpoint
-- Copies of an account's data (docs/decisions/0036-data-export.md): built at once or by a job with
-- its progress, downloadable by the owner only until expires_at, then deleted by the clean-up.
CREATE TABLE IF NOT EXISTS "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"status" text DEFAULT 'building' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"content" text,
	"size" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "data_exports_status_valid" CHECK ("status" in ('building', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at");
