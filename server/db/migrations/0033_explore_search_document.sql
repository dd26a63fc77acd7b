CREATE TABLE "facilitator_search" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name_text" text NOT NULL,
	"document" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facilitator_search" ADD CONSTRAINT "facilitator_search_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "facilitator_search_name_trgm_idx" ON "facilitator_search" USING gin ("name_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "facilitator_search_trgm_idx" ON "facilitator_search" USING gin ("document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_explore_name_idx" ON "users" USING btree ("name","id") WHERE "users"."is_facilitator";--> statement-breakpoint
-- What Explore matches for one user, each text lower-cased on its own as the query did (name and
-- username as one text, category, bio, each published tier's name and description as one text),
-- each after a U+0001: a search without that character matches the document where it matched a text.
-- `name_text` is the first of them alone (Explore lists the people named like the search first).
CREATE FUNCTION "facilitator_search_refresh"(u uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_name text := (SELECT lower(x.name || ' ' || x.username) FROM users x WHERE x.id = u);
  doc text := (
    SELECT chr(1) || lower(x.name || ' ' || x.username) || chr(1) || lower(x.facilitator_category)
      || chr(1) || lower(x.bio)
      || coalesce((SELECT string_agg(chr(1) || lower(t.name || ' ' || t.description), '' ORDER BY t.id)
                   FROM tiers t WHERE t.user_id = u AND t.published), '')
    FROM users x WHERE x.id = u);
BEGIN
  IF doc IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO facilitator_search AS s (user_id, name_text, document) VALUES (u, v_name, doc)
  ON CONFLICT (user_id) DO UPDATE SET name_text = excluded.name_text, document = excluded.document
  WHERE (s.name_text, s.document) IS DISTINCT FROM (excluded.name_text, excluded.document);
END $$;
--> statement-breakpoint
CREATE FUNCTION "facilitator_search_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM facilitator_search_refresh(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "facilitator_search_user" AFTER INSERT OR UPDATE OF name, username, facilitator_category, bio
ON "users" FOR EACH ROW EXECUTE FUNCTION facilitator_search_user();
--> statement-breakpoint
CREATE FUNCTION "facilitator_search_tier"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM facilitator_search_refresh(OLD.user_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM facilitator_search_refresh(NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "facilitator_search_tier" AFTER INSERT OR DELETE OR UPDATE OF user_id, name, description, published
ON "tiers" FOR EACH ROW EXECUTE FUNCTION facilitator_search_tier();
--> statement-breakpoint
INSERT INTO "facilitator_search" (user_id, name_text, document)
SELECT x.id, lower(x.name || ' ' || x.username), chr(1) || lower(x.name || ' ' || x.username) || chr(1) || lower(x.facilitator_category)
  || chr(1) || lower(x.bio)
  || coalesce((SELECT string_agg(chr(1) || lower(t.name || ' ' || t.description), '' ORDER BY t.id)
               FROM tiers t WHERE t.user_id = x.id AND t.published), '')
FROM users x;
