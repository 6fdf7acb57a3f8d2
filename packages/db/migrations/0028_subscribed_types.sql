-- The admin's customer lists filter "no subscription of this type" (apps/api/src/modules/admin/
-- admin.repository.ts). As an anti-join that counted 80,000 customers against the subscriptions on
-- every page (57 ms in `npm run bench`). users.subscribed_types lists the types the user holds a
-- subscription of, kept by a trigger whoever writes subscriptions; a partial index per type then
-- holds exactly the customers without one, in username order, for counts and pages alike.
ALTER TABLE "users" ADD COLUMN "subscribed_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "users" u SET "subscribed_types" = s.types
  FROM (SELECT "user_id", array_agg("type" ORDER BY "type") AS types FROM "subscriptions" GROUP BY "user_id") s
  WHERE s."user_id" = u."id";--> statement-breakpoint
-- The product's writers of subscriptions hold the user's row lock first (grant-order.ts), so this
-- trigger's update adds no new lock order (as users.addon_count's, migration 0002).
CREATE FUNCTION "users_subscribed_types_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account bigint;
BEGIN
  FOR account IN
    SELECT OLD."user_id" WHERE TG_OP IN ('DELETE', 'UPDATE')
    UNION SELECT NEW."user_id" WHERE TG_OP IN ('INSERT', 'UPDATE')
  LOOP
    UPDATE "users" SET "subscribed_types" = coalesce(
        (SELECT array_agg(s."type" ORDER BY s."type") FROM "subscriptions" s WHERE s."user_id" = account), '{}'::text[])
      WHERE "id" = account;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "subscriptions_types_follow" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "type" ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "users_subscribed_types_follow"();--> statement-breakpoint
CREATE INDEX "users_without_normal_idx" ON "users" USING btree (lower("username"),"id","username","email","status","search_mask")
  WHERE "users"."role" = 'ROLE_USER' AND NOT ('normal' = ANY ("users"."subscribed_types"));--> statement-breakpoint
CREATE INDEX "users_without_seo_idx" ON "users" USING btree (lower("username"),"id","username","email","status","search_mask")
  WHERE "users"."role" = 'ROLE_USER' AND NOT ('seo' = ANY ("users"."subscribed_types"));
