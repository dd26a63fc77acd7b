CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_category_trgm_idx" ON "users" USING gin (lower("facilitator_category") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_bio_trgm_idx" ON "users" USING gin (lower("bio") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tiers_text_trgm_idx" ON "tiers" USING gin (lower("name" || ' ' || "description") gin_trgm_ops);