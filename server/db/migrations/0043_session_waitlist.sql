CREATE TABLE "session_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text NOT NULL,
	"offer_until" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_waitlist" ADD CONSTRAINT "session_waitlist_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_waitlist" ADD CONSTRAINT "session_waitlist_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_waitlist_one_live_idx" ON "session_waitlist" USING btree ("session_id","member_id") WHERE "session_waitlist"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "session_waitlist_line_idx" ON "session_waitlist" USING btree ("session_id","joined_at") WHERE "session_waitlist"."status" in ('waiting', 'offered');