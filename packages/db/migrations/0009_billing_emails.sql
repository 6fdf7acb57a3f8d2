ALTER TABLE "emails" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reminded_for" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paid_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_reminders" boolean DEFAULT true NOT NULL;