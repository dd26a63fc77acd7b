CREATE TABLE "offer_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"user_id" uuid,
	"checkout_id" text,
	"status" text DEFAULT 'reserved' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facilitator_id" uuid NOT NULL,
	"tier_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"duration" text,
	"duration_months" integer,
	"trial_days" integer,
	"ends_at" timestamp with time zone,
	"redemption_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"stripe_coupon_id" text,
	"stripe_promotion_code_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_used_within_limit" CHECK ("offers"."redemption_limit" is null or "offers"."used" <= "offers"."redemption_limit"),
	CONSTRAINT "offers_counts_positive" CHECK ("offers"."used" >= 0 and "offers"."redeemed" >= 0 and "offers"."redeemed" <= "offers"."used")
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "offer_code" text;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_provider_subscriptions" ADD COLUMN "discount" text;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_facilitator_id_users_id_fk" FOREIGN KEY ("facilitator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_redemptions_offer_idx" ON "offer_redemptions" USING btree ("offer_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "offer_redemptions_user_idx" ON "offer_redemptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_facilitator_code_idx" ON "offers" USING btree ("facilitator_id",lower("code"));--> statement-breakpoint
CREATE INDEX "offers_tier_idx" ON "offers" USING btree ("tier_id");--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD CONSTRAINT "revenue_entries_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;