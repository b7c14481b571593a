CREATE TABLE "activity_mood_sums" (
	"activity_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"level_sum" double precision NOT NULL,
	"level_square_sum" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_mood_sums" ADD CONSTRAINT "activity_mood_sums_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_mood_sums" ADD CONSTRAINT "activity_mood_sums_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_mood_sums_user_idx" ON "activity_mood_sums" USING btree ("user_id");--> statement-breakpoint
-- The sums of every activity named so far (decision 078), as rebuildActivityMoodSums makes them.
INSERT INTO "activity_mood_sums" ("activity_id", "user_id", "days", "level_sum", "level_square_sum")
SELECT "named"."activity_id", "named"."user_id", count(*)::int,
       sum("mood_entries"."mood_level_sum"::float8 / "mood_entries"."check_in_count"),
       sum(("mood_entries"."mood_level_sum"::float8 / "mood_entries"."check_in_count")
           * ("mood_entries"."mood_level_sum"::float8 / "mood_entries"."check_in_count"))
FROM (SELECT DISTINCT "check_ins"."user_id", "check_ins"."local_date", "check_in_activities"."activity_id"
      FROM "check_in_activities"
      JOIN "check_ins" ON "check_ins"."id" = "check_in_activities"."check_in_id") "named"
JOIN "mood_entries" ON "mood_entries"."user_id" = "named"."user_id"
                   AND "mood_entries"."local_date" = "named"."local_date"
GROUP BY "named"."activity_id", "named"."user_id";
