ALTER TABLE "content_tiers" ADD COLUMN "hit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Past opens of an item held by one tier were that tier's; for a shared item the tier each open
-- came through was never recorded, so its tiers start from 0 (no longer counted in all).
UPDATE "content_tiers" ct SET "hit_count" = c."hit_count"
FROM "content" c
WHERE c."id" = ct."content_id"
  AND (SELECT count(*) FROM "content_tiers" o WHERE o."content_id" = ct."content_id") = 1;
