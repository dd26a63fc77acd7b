CREATE TABLE "session_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text NOT NULL,
	"seats" integer DEFAULT 1 NOT NULL,
	"payment_id" text,
	"held_until" timestamp with time zone,
	"booked_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_bookings_one_seat" CHECK ("session_bookings"."seats" = 1)
);
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_booked_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_held_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "sessions_booked_by_idx";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "capacity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "cancellation_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD CONSTRAINT "session_bookings_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD CONSTRAINT "session_bookings_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_bookings_one_live_idx" ON "session_bookings" USING btree ("session_id","member_id") WHERE "session_bookings"."status" in ('held', 'booked');--> statement-breakpoint
CREATE INDEX "session_bookings_member_idx" ON "session_bookings" USING btree ("member_id","session_id") WHERE "session_bookings"."status" = 'booked';--> statement-breakpoint
-- Each session's booker and its open checkout hold become booking rows before their columns go.
INSERT INTO "session_bookings" ("session_id", "member_id", "status", "payment_id", "booked_at", "created_at")
SELECT "id", "booked_by", 'booked', "payment_id", coalesce("booked_at", "created_at"), coalesce("booked_at", "created_at")
FROM "sessions" WHERE "booked_by" IS NOT NULL;--> statement-breakpoint
INSERT INTO "session_bookings" ("session_id", "member_id", "status", "held_until")
SELECT "id", "held_by", 'held', "held_until"
FROM "sessions" WHERE "held_by" IS NOT NULL AND "booked_by" IS NULL AND "held_until" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "booked_by";--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "booked_at";--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "payment_id";--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "held_by";--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "held_until";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_capacity_range" CHECK ("sessions"."capacity" between 1 and 200);--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_cancellation_hours_range" CHECK ("sessions"."cancellation_hours" between 0 and 720);