ALTER TABLE "chat_room_users" ADD COLUMN "last_read_at" timestamp (3) with time zone;--> statement-breakpoint
-- conversations that existed before read marks count as read, so nobody meets a badge for old history
UPDATE "chat_room_users" SET "last_read_at" = now();
