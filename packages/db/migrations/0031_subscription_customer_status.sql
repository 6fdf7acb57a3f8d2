-- The admin's customer lists filtered by a subscription (active, expired, a package) counted their
-- matches by joining every active customer's index entry with the matching subscriptions: 27-40 ms
-- on 100,000 customers (docs/performance.md, run 10). Each subscription now carries its holder's
-- status when the holder is a customer (null for an administrator), kept by the triggers below
-- whoever writes, so such a total, without a text search, is an index-only count of subscriptions
-- (apps/api/src/modules/admin/admin.repository.ts).
ALTER TABLE "subscriptions" ADD COLUMN "customer_status" text;--> statement-breakpoint
UPDATE "subscriptions" s SET "customer_status" = CASE WHEN u."role" = 'ROLE_USER' THEN u."status" END
  FROM "users" u WHERE u."id" = s."user_id";--> statement-breakpoint
-- A new or moved subscription takes its holder's status, and whatever a writer puts in the column
-- is replaced. The holder's row is locked as an update of it would lock it: a concurrent change of
-- the holder's status or role then either commits first (and is read here) or waits for this
-- transaction, whose subscription the trigger on users then finds. (A share lock instead would let
-- two writers of one holder's subscriptions deadlock on migration 0028's update of the holder.) The
-- product's writers of subscriptions hold the user's row lock already (grant-order.ts).
CREATE FUNCTION "subscriptions_customer_status_take"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT CASE WHEN u."role" = 'ROLE_USER' THEN u."status" END INTO NEW."customer_status"
    FROM "users" u WHERE u."id" = NEW."user_id" FOR NO KEY UPDATE;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "subscriptions_customer_status_take" BEFORE INSERT OR UPDATE OF "user_id", "customer_status" ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "subscriptions_customer_status_take"();--> statement-breakpoint
-- A holder's new status or role reaches their subscriptions in the same transaction (the user's row
-- first, then the subscriptions: the order the product's writers take them in).
CREATE FUNCTION "subscriptions_customer_status_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "subscriptions" SET "customer_status" = CASE WHEN NEW."role" = 'ROLE_USER' THEN NEW."status" END
    WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_customer_status_follow" AFTER UPDATE OF "status", "role" ON "users"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."role" IS DISTINCT FROM NEW."role")
  EXECUTE FUNCTION "subscriptions_customer_status_follow"();--> statement-breakpoint
CREATE INDEX "subscriptions_customer_cover_idx" ON "subscriptions" USING btree ("type","customer_status","package_id","expires_at")
  WHERE "customer_status" IS NOT NULL;
