-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads it in packages/db/src/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "subscriptions_type_cover_idx" ON "subscriptions" USING btree ("type","package_id","expires_at","user_id");--> statement-breakpoint
CREATE INDEX "users_listing_idx" ON "users" USING btree (lower("username"),"id","username","email","status","role");--> statement-breakpoint
CREATE INDEX "users_customer_id_idx" ON "users" USING btree ("id","status") WHERE "users"."role" = 'ROLE_USER';--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);