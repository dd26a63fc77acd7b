-- Tags that differ only in case ('sleep', 'Sleep') become one: the oldest-looking (smallest id)
-- keeps its text, its duplicates' groups move to it, then the duplicates go.
INSERT INTO "group_tags" ("group_id", "tag_id")
SELECT gt."group_id", keep."id"
FROM "group_tags" gt
JOIN "tags" dup ON dup."id" = gt."tag_id"
JOIN LATERAL (
  SELECT k."id" FROM "tags" k WHERE lower(k."text") = lower(dup."text") ORDER BY k."id"::text LIMIT 1
) keep ON keep."id" <> dup."id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "tags" dup
WHERE EXISTS (
  SELECT 1 FROM "tags" k WHERE lower(k."text") = lower(dup."text") AND k."id"::text < dup."id"::text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tags_text_lower_idx" ON "tags" USING btree (lower("text"));
