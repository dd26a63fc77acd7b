CREATE TABLE "test_provider_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"arrival_date" bigint NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "checkout_sessions_user_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_payouts_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_requirements_due" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tiers" ADD COLUMN "billing_interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "tiers" ADD COLUMN "trial_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "provider" text DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "test_provider_subscriptions" ADD COLUMN "interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
CREATE INDEX "test_provider_payouts_account_idx" ON "test_provider_payouts" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD CONSTRAINT "revenue_entries_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revenue_payment_ref_idx" ON "revenue_entries" USING btree ("payment_ref");--> statement-breakpoint
CREATE INDEX "revenue_member_idx" ON "revenue_entries" USING btree ("member_id","tier_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_user_idx" ON "checkout_sessions" USING btree ("user_id","status");