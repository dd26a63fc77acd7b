CREATE TABLE "session_recordings" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"content_id" uuid,
	"series_audience" boolean DEFAULT false NOT NULL,
	"tier_id" uuid,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "session_recordings" ADD CONSTRAINT "session_recordings_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_recordings" ADD CONSTRAINT "session_recordings_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_recordings" ADD CONSTRAINT "session_recordings_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_recordings_content_idx" ON "session_recordings" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "session_recordings_tier_idx" ON "session_recordings" USING btree ("tier_id") WHERE "session_recordings"."tier_id" is not null;