CREATE TABLE "paypal_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paypal_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"package_id" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"product_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paypal_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paypal_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"body" jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "paypal_plans" ADD CONSTRAINT "paypal_plans_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paypal_plans_package_price_uq" ON "paypal_plans" USING btree ("package_id","price","currency");