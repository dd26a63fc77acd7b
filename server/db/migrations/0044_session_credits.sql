ALTER TABLE "tiers" ADD COLUMN "session_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tiers" ADD COLUMN "credits_roll_over" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tiers" ADD COLUMN "credit_series_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD COLUMN "credit_subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD COLUMN "credit_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD COLUMN "credit_returned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD CONSTRAINT "session_bookings_credit_subscription_id_subscriptions_id_fk" FOREIGN KEY ("credit_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_bookings_credit_idx" ON "session_bookings" USING btree ("credit_subscription_id","credit_period_start") WHERE "session_bookings"."credit_subscription_id" is not null;--> statement-breakpoint
ALTER TABLE "tiers" ADD CONSTRAINT "tiers_session_credits_range" CHECK ("tiers"."session_credits" between 0 and 100);