-- Each claim of a job gets its own token: renewing the lease, finishing, failing or giving the job
-- back all name it, so a worker that lost its lease can no longer change the row.
ALTER TABLE "jobs" ADD COLUMN "locked_by" uuid;--> statement-breakpoint
-- Finished jobs are deleted after the retention setting, oldest first, in batches.
CREATE INDEX "jobs_done_idx" ON "jobs" USING btree ("done_at") WHERE "jobs"."done_at" is not null;--> statement-breakpoint
-- New work wakes every server process at once (LISTEN jobs_due): one NOTIFY per inserting
-- statement, sent when its transaction commits, whatever code path wrote the job.
CREATE FUNCTION "jobs_notify_due"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs_due', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_wake_workers" AFTER INSERT ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION "jobs_notify_due"();--> statement-breakpoint
-- The retention clean-ups (apps/api/src/modules/retention/) delete the oldest rows in batches
-- through these indexes, never by scanning a table.
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_ended_idx" ON "sessions" USING btree ("ended_at") WHERE "sessions"."ended_at" is not null;--> statement-breakpoint
CREATE INDEX "password_resets_created_idx" ON "password_resets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_failures_created_idx" ON "login_failures" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_events_transient_idx" ON "payment_events" USING btree ("created_at") WHERE "payment_events"."kind" in ('pending', 'failed') or "payment_events"."kind" like 'webhook:%';--> statement-breakpoint
-- Deleting an order deletes its events (ON DELETE CASCADE): without this each one scans the table.
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("created_at") WHERE "orders"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_requests_created_idx" ON "support_requests" USING btree ("created_at");
