CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"group" text NOT NULL,
	"icon" text NOT NULL,
	"position" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activities_user_name_key" UNIQUE("user_id","name_key")
);
--> statement-breakpoint
CREATE TABLE "check_in_activities" (
	"check_in_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	CONSTRAINT "check_in_activities_check_in_id_activity_id_pk" PRIMARY KEY("check_in_id","activity_id")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_activities" ADD CONSTRAINT "check_in_activities_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_activities" ADD CONSTRAINT "check_in_activities_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_activities_activity_idx" ON "check_in_activities" USING btree ("activity_id");