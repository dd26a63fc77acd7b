CREATE TABLE "tier_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tier_id" uuid NOT NULL,
	"interval" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"stripe_price_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tier_prices_amount_range" CHECK ("tier_prices"."amount_cents" between 0 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "tier_price_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_interval" text;--> statement-breakpoint
ALTER TABLE "tier_prices" ADD CONSTRAINT "tier_prices_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tier_prices_interval_idx" ON "tier_prices" USING btree ("tier_id","interval");--> statement-breakpoint
CREATE UNIQUE INDEX "tier_prices_default_idx" ON "tier_prices" USING btree ("tier_id") WHERE "tier_prices"."is_default";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tier_price_id_tier_prices_id_fk" FOREIGN KEY ("tier_price_id") REFERENCES "public"."tier_prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_tier_price_idx" ON "subscriptions" USING btree ("tier_price_id");--> statement-breakpoint
-- every subscription tier gets its one price as its default, with the provider's Price it already has
INSERT INTO "tier_prices" ("tier_id", "interval", "amount_cents", "is_default", "stripe_price_id")
SELECT "id", "billing_interval", "price_cents", true, "stripe_price_id" FROM "tiers" WHERE "type" = 'subscription';--> statement-breakpoint
-- paid subscriptions so far were all on that price and interval
UPDATE "subscriptions" s SET "tier_price_id" = p."id", "billing_interval" = p."interval"
FROM "tier_prices" p WHERE p."tier_id" = s."tier_id" AND s."provider" IN ('test', 'stripe');