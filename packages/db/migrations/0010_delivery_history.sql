CREATE TABLE "business_days" (
	"day" date PRIMARY KEY NOT NULL,
	"payhere" numeric(14, 2) NOT NULL,
	"paypal" numeric(14, 2) NOT NULL,
	"refunds" numeric(14, 2) NOT NULL,
	"renewals" integer NOT NULL,
	"cancellations" integer NOT NULL,
	"computed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_counters" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"total" bigint NOT NULL,
	"read_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_daily_totals" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"hits" bigint NOT NULL,
	CONSTRAINT "delivery_daily_totals_day_type_pk" PRIMARY KEY("day","type")
);
--> statement-breakpoint
CREATE TABLE "ninehits_points_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"points" bigint NOT NULL,
	"read_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_hits_daily" (
	"website_id" integer NOT NULL,
	"day" date NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "website_hits_daily_website_id_day_pk" PRIMARY KEY("website_id","day"),
	CONSTRAINT "website_hits_daily_hits" CHECK ("website_hits_daily"."hits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_stopped_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "delivery_counters" ADD CONSTRAINT "delivery_counters_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_hits_daily" ADD CONSTRAINT "website_hits_daily_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_revoked_idx" ON "orders" USING btree ("revoked_at") WHERE "orders"."revoked_at" is not null;--> statement-breakpoint
CREATE INDEX "payment_events_kind_idx" ON "payment_events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at") WHERE "users"."role" = 'ROLE_USER';--> statement-breakpoint
CREATE INDEX "websites_ninehits_key_idx" ON "websites" USING btree ("ninehits_key");--> statement-breakpoint
CREATE INDEX "sandbox_ninehits_campaigns_created_idx" ON "sandbox_ninehits_campaigns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sandbox_ninehits_campaigns_title_trgm_idx" ON "sandbox_ninehits_campaigns" USING gin (lower("body"->>'title') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sandbox_ninehits_campaigns_urls_trgm_idx" ON "sandbox_ninehits_campaigns" USING gin (lower("body"->>'urls') gin_trgm_ops);