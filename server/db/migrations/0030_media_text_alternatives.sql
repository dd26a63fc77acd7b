ALTER TABLE "content" ADD COLUMN "captions" text;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "alt_text" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "photo_alts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "content_captions_idx" ON "content" USING btree ("captions");