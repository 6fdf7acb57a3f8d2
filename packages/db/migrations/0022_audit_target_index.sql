-- The admin's customer page lists the audit events that target one user (target_type 'user', target_id their id), newest first.
CREATE INDEX IF NOT EXISTS "audit_events_target_idx" ON "audit_events" USING btree ("target_type","target_id","id");
