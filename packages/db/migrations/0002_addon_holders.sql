ALTER TABLE "users" ADD COLUMN "addon_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "users" u SET "addon_count" = c.n FROM (SELECT "user_id", count(*)::int AS n FROM "activated_addons" GROUP BY "user_id") c WHERE c."user_id" = u."id";--> statement-breakpoint
-- users.addon_count follows activated_addons whoever writes them. The product's writers already hold
-- the user's row lock (grant-order.ts, admin-grants.ts), so the trigger's update adds no new lock order.
CREATE FUNCTION "users_addon_count_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "users" SET "addon_count" = "addon_count" - 1 WHERE "id" = OLD."user_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "users" SET "addon_count" = "addon_count" + 1 WHERE "id" = NEW."user_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "activated_addons_count" AFTER INSERT OR DELETE OR UPDATE OF "user_id" ON "activated_addons"
  FOR EACH ROW EXECUTE FUNCTION "users_addon_count_follow"();--> statement-breakpoint
CREATE INDEX "users_addon_holders_idx" ON "users" USING btree (lower("username"),"id","username","email") WHERE "users"."addon_count" > 0;
