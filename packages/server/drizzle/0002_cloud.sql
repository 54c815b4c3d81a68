CREATE TABLE "cloud_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"topic" text NOT NULL,
	"title" text NOT NULL,
	"extension" text NOT NULL,
	"uploader_user_id" integer,
	"uploader_ident" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"sort" text NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cloud_files" ADD CONSTRAINT "cloud_files_slot_id_cloud_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."cloud_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_files" ADD CONSTRAINT "cloud_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_files" ADD CONSTRAINT "cloud_files_uploader_user_id_users_id_fk" FOREIGN KEY ("uploader_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_files_slot_idx" ON "cloud_files" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "cloud_files_file_idx" ON "cloud_files" USING btree ("file_id");