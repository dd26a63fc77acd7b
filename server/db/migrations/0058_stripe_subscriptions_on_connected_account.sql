ALTER TABLE "subscriptions" ADD COLUMN "provider_account_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "test_provider_subscriptions" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "test_provider_subscriptions" ADD COLUMN "price_id" text;--> statement-breakpoint
ALTER TABLE "test_provider_subscriptions" ADD COLUMN "product_name" text;--> statement-breakpoint
ALTER TABLE "test_provider_subscriptions" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "test_provider_subscriptions" ADD COLUMN "customer_name" text;