CREATE TABLE "task_counts" (
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "task_counts_user_id_status_pk" PRIMARY KEY("user_id","status")
);
--> statement-breakpoint
ALTER TABLE "task_counts" ADD CONSTRAINT "task_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by statement triggers with transition tables (decision 051): one statement per write of
-- tasks whatever its row count, in the writer's transaction. A delete only lowers existing rows
-- (never inserts: a user deleted in the same statement has no row to point at any more).
CREATE FUNCTION "task_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "task_counts" AS c ("user_id", "status", "n")
    SELECT "user_id", "status", count(*)::int FROM new_rows GROUP BY "user_id", "status"
    ON CONFLICT ("user_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "task_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "task_counts" AS c SET "n" = c."n" - d."n"
    FROM (SELECT "user_id", "status", count(*)::int AS "n" FROM old_rows GROUP BY "user_id", "status") d
    WHERE c."user_id" = d."user_id" AND c."status" = d."status";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "task_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "task_counts" AS c ("user_id", "status", "n")
    SELECT "user_id", "status", sum("k")::int FROM (
      SELECT "user_id", "status", -1 AS "k" FROM old_rows
      UNION ALL
      SELECT "user_id", "status", 1 AS "k" FROM new_rows
    ) d GROUP BY "user_id", "status" HAVING sum("k") <> 0
    ON CONFLICT ("user_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tasks_count_insert" AFTER INSERT ON "tasks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_add"();--> statement-breakpoint
CREATE TRIGGER "tasks_count_delete" AFTER DELETE ON "tasks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_remove"();--> statement-breakpoint
CREATE TRIGGER "tasks_count_update" AFTER UPDATE ON "tasks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_change"();--> statement-breakpoint
-- The counts of the tasks already there; the triggers above hold off other writers of tasks
-- (CREATE TRIGGER's lock) until this migration commits, so none is missed or counted twice.
INSERT INTO "task_counts" ("user_id", "status", "n")
  SELECT "user_id", "status", count(*)::int FROM "tasks" GROUP BY "user_id", "status";
