-- An account's repeated self-service event within a short window becomes one audit record with a
-- count (docs/decisions/0024-accountable-admins.md): `audit_repeats` counts the repeats beside the
-- append-only log, which only ever receives inserts.
ALTER TABLE "audit_events" ADD COLUMN "repeats" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TABLE "audit_repeats" (
	"subject_user_id" integer NOT NULL,
	"action" text NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"repeats" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp (3) with time zone NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"target_type" text,
	"target_id" text,
	"target_label" text,
	"after" jsonb,
	"ip" text,
	"device" text,
	CONSTRAINT "audit_repeats_subject_user_id_action_pk" PRIMARY KEY("subject_user_id","action")
);
--> statement-breakpoint
CREATE INDEX "audit_repeats_window_idx" ON "audit_repeats" USING btree ("window_start");
--> statement-breakpoint
-- Wrong passwords and codes given behind a session count against that session, which ends after a
-- few (apps/api/src/modules/accounts/session-checks.ts), never against the sign-in lockout.
ALTER TABLE "sessions" ADD COLUMN "wrong_answers" integer DEFAULT 0 NOT NULL;
