CREATE TABLE "series_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid,
	"member_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"paid_places" integer DEFAULT 0 NOT NULL,
	"payment_id" text,
	"checkout_id" text,
	"checkout_url" text,
	"held_until" timestamp with time zone,
	"booked_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_bookings_amount_positive" CHECK ("series_bookings"."amount_cents" >= 0 and "series_bookings"."refunded_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "session_bookings" ADD COLUMN "series_booking_id" uuid;--> statement-breakpoint
ALTER TABLE "session_series" ADD COLUMN "whole_series_booking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session_series" ADD COLUMN "series_payment" text DEFAULT 'per_occurrence' NOT NULL;--> statement-breakpoint
ALTER TABLE "session_series" ADD COLUMN "series_price_cents" integer;--> statement-breakpoint
ALTER TABLE "series_bookings" ADD CONSTRAINT "series_bookings_series_id_session_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."session_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_bookings" ADD CONSTRAINT "series_bookings_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "series_bookings_one_live_idx" ON "series_bookings" USING btree ("series_id","member_id") WHERE "series_bookings"."status" in ('held', 'booked');--> statement-breakpoint
CREATE INDEX "series_bookings_member_idx" ON "series_bookings" USING btree ("member_id");--> statement-breakpoint
ALTER TABLE "session_bookings" ADD CONSTRAINT "session_bookings_series_booking_id_series_bookings_id_fk" FOREIGN KEY ("series_booking_id") REFERENCES "public"."series_bookings"("id") ON DELETE set null ON UPDATE no action;