CREATE TABLE "referral_reward_choices" (
	"facilitator_id" uuid PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD COLUMN "referral_id" uuid;--> statement-breakpoint
ALTER TABLE "referral_reward_choices" ADD CONSTRAINT "referral_reward_choices_facilitator_id_users_id_fk" FOREIGN KEY ("facilitator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reward_choices" ADD CONSTRAINT "referral_reward_choices_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_reward_id_offers_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_redemptions_one_per_referral_idx" ON "offer_redemptions" USING btree ("referral_id") WHERE "offer_redemptions"."referral_id" is not null and "offer_redemptions"."status" <> 'released';