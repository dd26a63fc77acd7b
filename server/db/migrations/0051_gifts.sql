CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tier_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"months" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"deliver_on" date NOT NULL,
	"deliver_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"checkout_id" text,
	"payment_ref" text,
	"paid_at" timestamp with time zone,
	"token_hash" text,
	"delivered_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"send_count" integer DEFAULT 0 NOT NULL,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_months" CHECK ("gifts"."months" in (1, 3, 6, 12))
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_token_hash_idx" ON "gifts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "gifts_buyer_idx" ON "gifts" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_claimed_by_idx" ON "gifts" USING btree ("claimed_by");--> statement-breakpoint
CREATE INDEX "gifts_due_idx" ON "gifts" USING btree ("deliver_at") WHERE "gifts"."paid_at" is not null and "gifts"."delivered_at" is null;