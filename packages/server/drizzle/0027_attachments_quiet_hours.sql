ALTER TABLE "users" ADD COLUMN "push_quiet_hours" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_attachments_file_idx" ON "messages_attachments" USING btree ("file_id");