-- The audit log becomes a table partitioned by month (UTC) of "at", on PGlite and PostgreSQL alike
-- (docs/decisions/0027-audit-log-partitions.md): an old month leaves as a whole partition, detached
-- and archived by a database owner, while the append-only trigger stays on.
--
-- A month's partition holds [its first instant, the next month's first instant) and is named
-- audit_events_YYYY_MM. This creates it when it is missing and guards it against TRUNCATE (a
-- statement trigger on the parent does not reach a partition truncated by name; the row triggers
-- are cloned to every partition by PostgreSQL). Answers true when it created the partition. When
-- the DEFAULT partition already holds rows of that month (no partition was made in time) they stay
-- there, still read through audit_events (moving them would mean deleting them): answers false.
CREATE FUNCTION "audit_events_add_month"("month" timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first_day timestamp := date_trunc('month', "month" AT TIME ZONE 'UTC');
  part text := 'audit_events_' || to_char(first_day, 'YYYY_MM');
  lo text := to_char(first_day, 'YYYY-MM-DD') || ' 00:00:00+00';
  hi text := to_char(first_day + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00';
BEGIN
  IF to_regclass(format('public.%I', part)) IS NOT NULL THEN
    RETURN false;
  END IF;
  IF EXISTS (SELECT 1 FROM "audit_events_default" WHERE "at" >= lo::timestamptz AND "at" < hi::timestamptz) THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE public.%I PARTITION OF "audit_events" FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
  EXECUTE format(
    'CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON public.%I FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"()',
    part
  );
  RETURN true;
END;
$$;--> statement-breakpoint
-- A database owner's archiving step: detaches the partition of a month ('YYYY-MM', UTC) before the
-- current one and answers its name. The detached table keeps its rows; the owner dumps it and drops
-- it (docs/deploy.md, "Retention"). No trigger is disabled: DETACH changes no row.
CREATE FUNCTION "audit_archive_month"("month" text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  first_day timestamp;
  part text;
BEGIN
  IF "month" IS NULL OR "month" !~ '^[0-9]{4}-(0[1-9]|1[0-2])$' THEN
    RAISE EXCEPTION 'a month is written YYYY-MM, not %', coalesce("month", 'null') USING ERRCODE = 'invalid_parameter_value';
  END IF;
  first_day := to_date("month" || '-01', 'YYYY-MM-DD');
  part := 'audit_events_' || to_char(first_day, 'YYYY_MM');
  IF first_day >= date_trunc('month', now() AT TIME ZONE 'UTC') THEN
    RAISE EXCEPTION 'only a month before the current one can be archived, not %', "month" USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM pg_inherits WHERE inhrelid = to_regclass(format('public.%I', part)) AND inhparent = 'public.audit_events'::regclass
  ) THEN
    RAISE EXCEPTION 'audit_events has no partition for % (its records, if any, are in audit_events_default)', "month"
      USING ERRCODE = 'undefined_table';
  END IF;
  EXECUTE format('ALTER TABLE "audit_events" DETACH PARTITION public.%I', part);
  RETURN part;
END;
$$;--> statement-breakpoint
-- The indexes are rebuilt from the old table's own definitions, so an index or column an earlier
-- migration added is carried over without being named here.
CREATE TEMPORARY TABLE "audit_events_index_defs" AS
  SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = 'public.audit_events'::regclass AND NOT indisprimary;--> statement-breakpoint
-- Where the ids stand, so that no id is handed out twice (not even one of a rolled-back insert).
CREATE TEMPORARY TABLE "audit_events_id_state" AS SELECT last_value, is_called FROM "audit_events_id_seq";--> statement-breakpoint
ALTER TABLE "audit_events" RENAME TO "audit_events_unpartitioned";--> statement-breakpoint
-- The columns come from the old table (LIKE), in its order, with their defaults and checks.
CREATE TABLE "audit_events" (
  LIKE "audit_events_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED INCLUDING STORAGE INCLUDING COMMENTS
) PARTITION BY RANGE ("at");--> statement-breakpoint
-- The safety net: a row of a month without its partition lands here, so no insert ever fails.
CREATE TABLE "audit_events_default" PARTITION OF "audit_events" DEFAULT;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events_default"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
-- Every month that has records, then this month and the next three (the hourly clean-up keeps
-- three months ahead from then on, apps/api/src/modules/retention/clean-up.ts).
SELECT "audit_events_add_month"(m) FROM (SELECT DISTINCT date_trunc('month', "at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS m FROM "audit_events_unpartitioned") months;--> statement-breakpoint
SELECT "audit_events_add_month"((date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => n)) AT TIME ZONE 'UTC') FROM generate_series(0, 3) n;--> statement-breakpoint
INSERT INTO "audit_events" SELECT * FROM "audit_events_unpartitioned";--> statement-breakpoint
DROP TABLE "audit_events_unpartitioned";--> statement-breakpoint
-- A partitioned table's primary key must hold the partition key.
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id", "at");--> statement-breakpoint
-- The identity goes on where the old one stood (its sequence went with the old table).
ALTER TABLE "audit_events" ALTER COLUMN "id" ADD GENERATED ALWAYS AS IDENTITY (SEQUENCE NAME "audit_events_id_seq");--> statement-breakpoint
SELECT setval('audit_events_id_seq', last_value, is_called) FROM "audit_events_id_state";--> statement-breakpoint
DROP TABLE "audit_events_id_state";--> statement-breakpoint
DO $$
DECLARE
  d text;
BEGIN
  FOR d IN SELECT def FROM "audit_events_index_defs" LOOP
    EXECUTE d;
  END LOOP;
END;
$$;--> statement-breakpoint
DROP TABLE "audit_events_index_defs";--> statement-breakpoint
-- Append-only, partition by partition: a row trigger refuses each UPDATE and DELETE of a record
-- (cloned onto every partition, also those made later, and taken off one that is detached), the
-- statement trigger refuses them even when no row matches, and TRUNCATE is refused on the whole
-- table and on each partition.
CREATE TRIGGER "audit_events_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_row_change" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
