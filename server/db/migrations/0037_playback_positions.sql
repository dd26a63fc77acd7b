CREATE TABLE "playback_positions" (
	"user_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"position_seconds" double precision NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playback_positions_user_id_content_id_pk" PRIMARY KEY("user_id","content_id"),
	CONSTRAINT "playback_positions_within_duration" CHECK ("playback_positions"."position_seconds" >= 0 and "playback_positions"."duration_seconds" > 0 and "playback_positions"."position_seconds" <= "playback_positions"."duration_seconds")
);
--> statement-breakpoint
ALTER TABLE "playback_positions" ADD CONSTRAINT "playback_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_positions" ADD CONSTRAINT "playback_positions_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;