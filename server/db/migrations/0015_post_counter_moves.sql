-- The post counters (0013) also follow a heart or comment moved to another post, and a truncated table.
CREATE FUNCTION "comments_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" p SET "comment_count" = p."comment_count" + n.k
  FROM (SELECT "post_id", sum(d)::int AS k FROM (SELECT "post_id", 1 AS d FROM after_rows UNION ALL SELECT "post_id", -1 FROM before_rows) m GROUP BY "post_id" HAVING sum(d) <> 0) n
  WHERE p."id" = n."post_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "comments_moved" AFTER UPDATE ON "comments" REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION "comments_moved"();--> statement-breakpoint
CREATE FUNCTION "comments_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" SET "comment_count" = 0 WHERE "comment_count" <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "comments_truncated" AFTER TRUNCATE ON "comments" FOR EACH STATEMENT EXECUTE FUNCTION "comments_truncated"();--> statement-breakpoint
CREATE FUNCTION "post_hearts_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" p SET "heart_count" = p."heart_count" + n.k
  FROM (SELECT "post_id", sum(d)::int AS k FROM (SELECT "post_id", 1 AS d FROM after_rows UNION ALL SELECT "post_id", -1 FROM before_rows) m GROUP BY "post_id" HAVING sum(d) <> 0) n
  WHERE p."id" = n."post_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_hearts_moved" AFTER UPDATE ON "post_hearts" REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION "post_hearts_moved"();--> statement-breakpoint
CREATE FUNCTION "post_hearts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" SET "heart_count" = 0 WHERE "heart_count" <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_hearts_truncated" AFTER TRUNCATE ON "post_hearts" FOR EACH STATEMENT EXECUTE FUNCTION "post_hearts_truncated"();
