DROP TABLE "revoked_tokens" CASCADE;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "session_version";