CREATE TABLE "content_import_items" (
	"import_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"sealed_artwork_url" text,
	"day" integer,
	"published_at" timestamp with time zone,
	"mime_type" text,
	"size" bigint,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"content_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_import_items_import_id_position_pk" PRIMARY KEY("import_id","position"),
	CONSTRAINT "content_import_items_done_has_no_reason" CHECK ("content_import_items"."state" <> 'done' or "content_import_items"."reason" is null)
);
--> statement-breakpoint
CREATE TABLE "content_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"tier_id" uuid NOT NULL,
	"source" text NOT NULL,
	"sealed_feed_url" text,
	"label" text NOT NULL,
	"content_type" text NOT NULL,
	"archive_key" text,
	"round" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_import_items" ADD CONSTRAINT "content_import_items_import_id_content_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."content_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_import_items" ADD CONSTRAINT "content_import_items_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_imports" ADD CONSTRAINT "content_imports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_imports" ADD CONSTRAINT "content_imports_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_imports_owner_idx" ON "content_imports" USING btree ("owner_id","created_at");