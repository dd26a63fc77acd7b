CREATE TABLE "business_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requested_by" uuid NOT NULL,
	"scope" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"counts" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "business_exports" ADD CONSTRAINT "business_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_exports_one_running_idx" ON "business_exports" USING btree ("requested_by") WHERE "business_exports"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "business_exports_requester_idx" ON "business_exports" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "business_exports_expires_idx" ON "business_exports" USING btree ("expires_at") WHERE "business_exports"."storage_key" is not null;