DROP INDEX "users_facilitator_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_facilitator_email_idx" ON "users" USING btree ("is_facilitator",lower("email"),"id");--> statement-breakpoint
CREATE INDEX "users_facilitator_username_idx" ON "users" USING btree ("is_facilitator",lower("username"),"id");--> statement-breakpoint
CREATE INDEX "posts_group_hits_idx" ON "posts" USING btree ("group_id","hits","id");--> statement-breakpoint
CREATE INDEX "users_facilitator_idx" ON "users" USING btree ("is_facilitator","created_at","id");