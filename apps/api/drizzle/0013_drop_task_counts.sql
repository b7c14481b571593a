-- GET /task counts its rows again: the kept counts of migration 0010 go, triggers first (they
-- belong to tasks, which stays), then the functions they ran, then the table.
DROP TRIGGER "tasks_count_insert" ON "tasks";--> statement-breakpoint
DROP TRIGGER "tasks_count_delete" ON "tasks";--> statement-breakpoint
DROP TRIGGER "tasks_count_update" ON "tasks";--> statement-breakpoint
DROP FUNCTION "task_counts_add"();--> statement-breakpoint
DROP FUNCTION "task_counts_remove"();--> statement-breakpoint
DROP FUNCTION "task_counts_change"();--> statement-breakpoint
DROP TABLE "task_counts" CASCADE;
