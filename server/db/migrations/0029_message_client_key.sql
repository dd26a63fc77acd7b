ALTER TABLE "messages" ADD COLUMN "client_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_user_client_key_idx" ON "messages" USING btree ("user_id","client_key");