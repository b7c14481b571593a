CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"entries_total" integer NOT NULL,
	"entries_done" integer DEFAULT 0 NOT NULL,
	"entries_written" integer DEFAULT 0 NOT NULL,
	"days_written" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "diaries" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "imports_one_running_key" ON "imports" USING btree ("user_id") WHERE "imports"."status" in ('running', 'cancelling');--> statement-breakpoint
ALTER TABLE "diaries" ADD CONSTRAINT "diaries_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diaries_import_idx" ON "diaries" USING btree ("import_id") WHERE "diaries"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "check_ins_import_idx" ON "check_ins" USING btree ("import_id") WHERE "check_ins"."import_id" is not null;