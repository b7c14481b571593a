CREATE TABLE "report_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"sections" text[] NOT NULL,
	"diary_entry_ids" uuid[] NOT NULL,
	"paper" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"open_count" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_links_token_key" ON "report_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "report_links_user_idx" ON "report_links" USING btree ("user_id","created_at");