CREATE TABLE "email_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_user_purpose_created_idx" ON "email_tokens" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "email_tokens_expires_idx" ON "email_tokens" USING btree ("expires_at");--> statement-breakpoint
-- Accounts made by Google sign-in (no password, a Google identity) count as verified, as new ones
-- do: Google verifies the addresses it signs in. Password accounts, and accounts of other
-- providers, stay unverified until their owner follows a link.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE NOT EXISTS (SELECT 1 FROM "password_credentials" WHERE "password_credentials"."user_id" = "users"."id") AND EXISTS (SELECT 1 FROM "identities" WHERE "identities"."user_id" = "users"."id" AND "identities"."issuer" = 'https://accounts.google.com');
