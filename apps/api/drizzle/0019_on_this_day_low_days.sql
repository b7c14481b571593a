-- "On this day" leaves out Sad and Depressed days unless the person turns them on (decision 076).
ALTER TABLE "user_preferences" ADD COLUMN "on_this_day_shows_low_days" boolean DEFAULT false NOT NULL;
