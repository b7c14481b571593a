-- Check-ins (decision 073): several moments a day. The one-mood-a-day history becomes each day's
-- daily-mood check-in, taken when the mood was last set, in the user's time zone of now; the day's
-- row stays as the day's mood, with its count and level sum.
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"local_date" date NOT NULL,
	"mood" text NOT NULL,
	"feelings" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_backfilled" boolean DEFAULT false NOT NULL,
	"is_daily_mood" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mood_entries" ADD COLUMN "check_in_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mood_entries" ADD COLUMN "mood_level_sum" integer;--> statement-breakpoint
UPDATE "mood_entries" SET "mood_level_sum" = CASE "mood" WHEN 'Depressed' THEN 1 WHEN 'Sad' THEN 2 WHEN 'Neutral' THEN 3 WHEN 'Happy' THEN 4 WHEN 'Ecstatic' THEN 5 END;--> statement-breakpoint
ALTER TABLE "mood_entries" ALTER COLUMN "mood_level_sum" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_ins_user_day_idx" ON "check_ins" USING btree ("user_id","local_date","taken_at");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_daily_mood_key" ON "check_ins" USING btree ("user_id","local_date") WHERE "check_ins"."is_daily_mood";--> statement-breakpoint
INSERT INTO "check_ins" ("user_id", "taken_at", "time_zone", "local_date", "mood", "is_daily_mood", "created_at")
SELECT m."user_id", m."updated_at", u."time_zone", m."local_date", m."mood", true, m."updated_at"
FROM "mood_entries" m JOIN "users" u ON u."id" = m."user_id";
