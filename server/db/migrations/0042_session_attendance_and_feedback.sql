ALTER TABLE "session_bookings" ADD COLUMN "attended" boolean;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD COLUMN "attended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD COLUMN "feedback_prompted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD CONSTRAINT "session_bookings_rating_range" CHECK ("session_bookings"."rating" between 1 and 5);