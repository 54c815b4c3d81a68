CREATE TABLE "child_statistics_archives" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"class_ids" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "child_statistics_archives" ADD CONSTRAINT "child_statistics_archives_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;