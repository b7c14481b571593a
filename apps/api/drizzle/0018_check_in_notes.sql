ALTER TABLE "check_ins" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "note_key_version" smallint;