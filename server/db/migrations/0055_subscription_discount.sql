ALTER TABLE "subscriptions" ADD COLUMN "discount_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "discount_ends_at" timestamp with time zone;