-- The admin dashboard's money of the last two days (GET /api/admin/business, every call) took 60-120
-- ms of PostgreSQL at the bench's 100,000 orders and 272,712 renewals (docs/performance.md, run
-- 15): the renewals stopped that day were a sequential scan of orders, and each of the day's
-- ~1,600 renewal charges a heap page of its own. Both are now read from an index alone.
CREATE INDEX "orders_renewal_stopped_idx" ON "orders" USING btree ("renewal_stopped_at") WHERE "renewal_stopped_at" is not null;--> statement-breakpoint
DROP INDEX "payment_events_kind_idx";--> statement-breakpoint
CREATE INDEX "payment_events_kind_idx" ON "payment_events" USING btree ("kind","created_at","provider","amount","external_id");
