CREATE TABLE "tier_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tier_id" uuid NOT NULL,
	"member_id" uuid,
	"email" text,
	"note" text DEFAULT '' NOT NULL,
	"until" timestamp with time zone,
	"granted_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "tier_grants_who" CHECK ("tier_grants"."member_id" is not null or "tier_grants"."email" is not null)
);
--> statement-breakpoint
ALTER TABLE "tier_grants" ADD CONSTRAINT "tier_grants_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_grants" ADD CONSTRAINT "tier_grants_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_grants" ADD CONSTRAINT "tier_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tier_grants_live_member_idx" ON "tier_grants" USING btree ("tier_id","member_id") WHERE "tier_grants"."revoked_at" is null and "tier_grants"."member_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tier_grants_live_email_idx" ON "tier_grants" USING btree ("tier_id","email") WHERE "tier_grants"."revoked_at" is null and "tier_grants"."member_id" is null;--> statement-breakpoint
CREATE INDEX "tier_grants_email_idx" ON "tier_grants" USING btree ("email") WHERE "tier_grants"."member_id" is null and "tier_grants"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "tier_grants_member_idx" ON "tier_grants" USING btree ("member_id");