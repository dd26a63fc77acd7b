ALTER TABLE "posts" ADD COLUMN "heart_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_group_hearts_idx" ON "posts" USING btree ("group_id","heart_count","id");--> statement-breakpoint
CREATE INDEX "posts_group_comments_idx" ON "posts" USING btree ("group_id","comment_count","id");--> statement-breakpoint
UPDATE "posts" SET
  "heart_count" = (SELECT count(*) FROM "post_hearts" h WHERE h."post_id" = "posts"."id"),
  "comment_count" = (SELECT count(*) FROM "comments" c WHERE c."post_id" = "posts"."id");--> statement-breakpoint
-- The counters follow their rows, one statement at a time (a bulk insert or a cascade is one update per post).
CREATE FUNCTION "post_hearts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" p SET "heart_count" = p."heart_count" + n.k FROM (SELECT "post_id", count(*)::int AS k FROM added GROUP BY "post_id") n WHERE p."id" = n."post_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "post_hearts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" p SET "heart_count" = p."heart_count" - n.k FROM (SELECT "post_id", count(*)::int AS k FROM removed GROUP BY "post_id") n WHERE p."id" = n."post_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "comments_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" p SET "comment_count" = p."comment_count" + n.k FROM (SELECT "post_id", count(*)::int AS k FROM added GROUP BY "post_id") n WHERE p."id" = n."post_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "comments_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" p SET "comment_count" = p."comment_count" - n.k FROM (SELECT "post_id", count(*)::int AS k FROM removed GROUP BY "post_id") n WHERE p."id" = n."post_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_hearts_added" AFTER INSERT ON "post_hearts" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "post_hearts_added"();--> statement-breakpoint
CREATE TRIGGER "post_hearts_removed" AFTER DELETE ON "post_hearts" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "post_hearts_removed"();--> statement-breakpoint
CREATE TRIGGER "comments_added" AFTER INSERT ON "comments" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "comments_added"();--> statement-breakpoint
CREATE TRIGGER "comments_removed" AFTER DELETE ON "comments" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "comments_removed"();
