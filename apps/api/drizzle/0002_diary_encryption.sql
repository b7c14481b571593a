CREATE TABLE "encryption_key_checks" (
	"version" smallint PRIMARY KEY NOT NULL,
	"check_value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diaries" ADD COLUMN "key_version" smallint DEFAULT 0 NOT NULL;