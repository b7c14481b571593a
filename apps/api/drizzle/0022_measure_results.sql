CREATE TABLE "measure_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"measure" text NOT NULL,
	"answers" smallint[] NOT NULL,
	"difficulty" smallint,
	"score" smallint NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measure_results" ADD CONSTRAINT "measure_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "measure_results_one_a_day_key" ON "measure_results" USING btree ("user_id","measure","local_date");--> statement-breakpoint
CREATE INDEX "measure_results_user_taken_idx" ON "measure_results" USING btree ("user_id","taken_at");