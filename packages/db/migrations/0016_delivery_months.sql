-- Delivery history older than DELIVERY_HISTORY_MONTHS is rolled up into one row per website per
-- month (apps/api/src/modules/retention/roll-up-delivery.ts); the charts' long ranges read both.
CREATE TABLE "website_hits_monthly" (
	"website_id" integer NOT NULL,
	"month" date NOT NULL,
	"hits" bigint NOT NULL,
	CONSTRAINT "website_hits_monthly_website_id_month_pk" PRIMARY KEY("website_id","month"),
	CONSTRAINT "website_hits_monthly_hits" CHECK ("website_hits_monthly"."hits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "website_hits_monthly" ADD CONSTRAINT "website_hits_monthly_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;
