DROP INDEX "facilitator_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "facilitator_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "facilitator_search_name_words_trgm_idx" ON "facilitator_search" USING gin (replace("name_text", ' ', 'q') gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "facilitator_search_words_trgm_idx" ON "facilitator_search" USING gin (replace("document", ' ', 'q') gin_trgm_ops) WITH (gin_pending_list_limit=64);