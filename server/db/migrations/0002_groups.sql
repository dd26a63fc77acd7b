CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"cover_photo" text,
	"thumbnail" text,
	"is_private" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"allow_anonymous" boolean DEFAULT false NOT NULL,
	"member_cap" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "groups_owner_idx" ON "groups" USING btree ("owner_id","created_at");--> statement-breakpoint
ALTER TABLE "tiers" ADD CONSTRAINT "tiers_associated_group_id_groups_id_fk" FOREIGN KEY ("associated_group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;