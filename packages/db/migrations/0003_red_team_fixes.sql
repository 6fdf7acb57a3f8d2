CREATE TABLE "sandbox_payhere_payments" (
	"payment_id" bigint PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"subscription_id" bigint,
	"description" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"charged_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payhere_subscriptions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"recurrence" text NOT NULL,
	"duration" text NOT NULL,
	"status" text NOT NULL,
	"notify_url" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Failures were counted per account; they are now counted per login name and address. The old rows
-- (at most 15 minutes of history) cannot be keyed that way and are dropped.
DELETE FROM "login_failures";--> statement-breakpoint
ALTER TABLE "login_failures" DROP CONSTRAINT "login_failures_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "login_failures_user_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "login_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "address" text NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gateway_subscription_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gateway_subscription_status" text;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "token_hash" text;--> statement-breakpoint
CREATE INDEX "sandbox_payhere_payments_order_idx" ON "sandbox_payhere_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sandbox_payhere_payments_subscription_idx" ON "sandbox_payhere_payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "login_failures_key_address_idx" ON "login_failures" USING btree ("login_key","address","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_address_idx" ON "login_failures" USING btree ("address","created_at");--> statement-breakpoint
ALTER TABLE "login_failures" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "gateway_subscription_id";