ALTER TABLE "sandbox_ninehits_campaigns" ADD COLUMN "system_state" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "ninehits_state" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "ninehits_checked_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "websites_unapproved_idx" ON "websites" USING btree ("ninehits_checked_at") WHERE "websites"."ninehits_key" is not null and "websites"."ninehits_state" is distinct from 'approved';