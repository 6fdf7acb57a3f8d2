-- The statement-level trigger of migration 0015 announced jobs_due after every inserting statement,
-- also one that inserted no row: a website deleted before its first sync queues no removal job
-- (docs/decisions/0050-deleted-before-first-sync.md), and a sync already waiting makes the next
-- change's `on conflict do nothing` insert nothing. Each such statement woke every server process
-- for a claim that found nothing. The trigger now sees the statement's rows (a transition table)
-- and announces only when there is one. A new function, so that no moment of this migration has
-- the old trigger calling a function that reads a table it does not have.
CREATE FUNCTION "jobs_notify_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT FROM inserted_jobs) THEN
    PERFORM announce('jobs_due', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "jobs_wake_workers" ON "jobs";--> statement-breakpoint
CREATE TRIGGER "jobs_wake_workers" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS inserted_jobs FOR EACH STATEMENT EXECUTE FUNCTION "jobs_notify_inserted"();--> statement-breakpoint
DROP FUNCTION "jobs_notify_due"();
