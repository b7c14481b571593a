CREATE TABLE "diary_streaks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_day" date,
	"length" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diary_streaks" ADD CONSTRAINT "diary_streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each user's latest diary day and the run of consecutive days that ends on it (decision 056),
-- as GET /user's streak reads it: the whole computation, over the user's every entry.
CREATE FUNCTION "diary_streak_run"(uid uuid, OUT last_day date, OUT length integer)
  LANGUAGE sql STABLE AS $$
  WITH numbered AS (
    SELECT "local_date" AS day,
           row_number() OVER (ORDER BY "local_date" DESC) AS n,
           max("local_date") OVER () AS latest
    FROM "diaries" WHERE "user_id" = uid
  )
  SELECT max(latest), (count(*) FILTER (WHERE day = latest - (n - 1)::int))::int FROM numbered
$$;--> statement-breakpoint
-- The runs of `uids`, computed again. Their rows are locked first (in one order, so two writers
-- never wait on each other in a circle), and the run is read in a statement of its own after
-- the lock: a writer that waited sees the entry the other one committed, and no run is lost.
-- `may_insert` is false for deletes: a user deleted in the same statement has no row to point at.
CREATE FUNCTION "diary_streaks_recompute"(uids uuid[], may_insert boolean) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF may_insert THEN
    INSERT INTO "diary_streaks" ("user_id", "last_day", "length")
      SELECT u, NULL, 0 FROM unnest(uids) AS u ORDER BY u
      ON CONFLICT ("user_id") DO NOTHING;
  END IF;
  PERFORM 1 FROM "diary_streaks" WHERE "user_id" = ANY (uids) ORDER BY "user_id" FOR UPDATE;
  UPDATE "diary_streaks" AS s SET "last_day" = r.last_day, "length" = r.length
    FROM unnest(uids) AS u, LATERAL "diary_streak_run"(u) AS r
    WHERE s."user_id" = u;
END
$$;--> statement-breakpoint
CREATE FUNCTION "diary_streaks_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "diary_streaks_recompute"(ARRAY(SELECT DISTINCT "user_id" FROM new_rows), true);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "diary_streaks_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "diary_streaks_recompute"(ARRAY(SELECT DISTINCT "user_id" FROM old_rows), false);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An edit of an entry's words changes no run: only rows whose day or user changed count.
CREATE FUNCTION "diary_streaks_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "diary_streaks_recompute"(ARRAY(
    SELECT n."user_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE n."local_date" <> o."local_date" OR n."user_id" <> o."user_id"
    UNION
    SELECT o."user_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE n."local_date" <> o."local_date" OR n."user_id" <> o."user_id"
  ), true);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "diaries_streak_insert" AFTER INSERT ON "diaries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "diary_streaks_add"();--> statement-breakpoint
CREATE TRIGGER "diaries_streak_delete" AFTER DELETE ON "diaries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "diary_streaks_remove"();--> statement-breakpoint
CREATE TRIGGER "diaries_streak_update" AFTER UPDATE ON "diaries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "diary_streaks_change"();--> statement-breakpoint
-- The runs of the entries already there; the triggers above hold off other writers of diaries
-- (CREATE TRIGGER's lock) until this migration commits, so none is missed.
INSERT INTO "diary_streaks" ("user_id", "last_day", "length")
  SELECT u."user_id", r.last_day, r.length
  FROM (SELECT DISTINCT "user_id" FROM "diaries") AS u, LATERAL "diary_streak_run"(u."user_id") AS r;
