-- The diary streak is one rule in TypeScript again (getDiaryStreak over the entries' days): the
-- kept runs of migration 0011 go, triggers first (they belong to diaries, which stays), then the
-- functions they ran, then the table.
DROP TRIGGER "diaries_streak_insert" ON "diaries";--> statement-breakpoint
DROP TRIGGER "diaries_streak_delete" ON "diaries";--> statement-breakpoint
DROP TRIGGER "diaries_streak_update" ON "diaries";--> statement-breakpoint
DROP FUNCTION "diary_streaks_add"();--> statement-breakpoint
DROP FUNCTION "diary_streaks_remove"();--> statement-breakpoint
DROP FUNCTION "diary_streaks_change"();--> statement-breakpoint
DROP FUNCTION "diary_streaks_recompute"(uuid[], boolean);--> statement-breakpoint
DROP FUNCTION "diary_streak_run"(uuid);--> statement-breakpoint
DROP TABLE "diary_streaks" CASCADE;
