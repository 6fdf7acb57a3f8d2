CREATE TABLE "revoked_tokens" (
	"token_id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addon_packages" DROP CONSTRAINT "addon_price_nonneg";--> statement-breakpoint
ALTER TABLE "packages" DROP CONSTRAINT "packages_price_nonneg";--> statement-breakpoint
ALTER TABLE "revoked_tokens" ADD CONSTRAINT "revoked_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_idx" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
-- NOT VALID (added by hand): a catalogue that already holds an item priced 0 still migrates; every
-- insert and update from now on is checked, so that item can only be repriced or deleted.
ALTER TABLE "addon_packages" ADD CONSTRAINT "addon_price_positive" CHECK ("addon_packages"."price" > 0 or "addon_packages"."deleted_at" is not null) NOT VALID;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_price_positive" CHECK ("packages"."price" > 0 or "packages"."deleted_at" is not null) NOT VALID;