-- Personal access tokens (docs/decisions/0037-personal-access-tokens.md): only the SHA-256 of a token
-- is stored; every token call finds its row by that hash through the unique index.
CREATE TABLE IF NOT EXISTS "access_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"last_used_at" timestamp (3) with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp (3) with time zone,
	CONSTRAINT "access_tokens_scope_check" CHECK ("access_tokens"."scope" in ('read', 'write'))
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "access_tokens_hash_idx" ON "access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id","created_at");
