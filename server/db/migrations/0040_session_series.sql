CREATE TABLE "session_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facilitator_id" uuid NOT NULL,
	"rrule" text NOT NULL,
	"time_zone" text NOT NULL,
	"local_start" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"meeting_url" text NOT NULL,
	"capacity" integer,
	"last_date" date NOT NULL,
	"materialised_through" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_series_duration_positive" CHECK ("session_series"."duration_minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "original_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_facilitator_id_users_id_fk" FOREIGN KEY ("facilitator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_series_facilitator_idx" ON "session_series" USING btree ("facilitator_id");--> statement-breakpoint
CREATE INDEX "session_series_materialised_idx" ON "session_series" USING btree ("materialised_through","last_date");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_series_id_session_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."session_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_series_occurrence_idx" ON "sessions" USING btree ("series_id","original_start");