ALTER TABLE "user_backgrounds" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_backgrounds" ADD CONSTRAINT "user_backgrounds_id_unique" UNIQUE("id");