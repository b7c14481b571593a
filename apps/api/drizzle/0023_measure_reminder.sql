ALTER TABLE "user_preferences" ADD COLUMN "measure_reminder_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "measure_reminded_on" date;