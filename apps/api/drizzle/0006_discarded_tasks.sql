CREATE TABLE "discarded_tasks" (
	"task_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"goal_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"mood" text NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"accepted_on" date NOT NULL,
	"discarded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discarded_tasks" ADD CONSTRAINT "discarded_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discarded_tasks" ADD CONSTRAINT "discarded_tasks_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discarded_tasks" ADD CONSTRAINT "discarded_tasks_template_id_task_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."task_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discarded_tasks_user_idx" ON "discarded_tasks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "discarded_tasks_discarded_at_idx" ON "discarded_tasks" USING btree ("discarded_at");