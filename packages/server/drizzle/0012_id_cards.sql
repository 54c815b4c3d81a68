CREATE TABLE "children_id_cards" (
	"child_id" integer PRIMARY KEY NOT NULL,
	"photo_file_id" integer NOT NULL,
	"design" integer NOT NULL,
	"face_auto" boolean NOT NULL,
	"face_found" boolean NOT NULL,
	"factor" integer NOT NULL,
	"offset_x" integer NOT NULL,
	"offset_y" integer NOT NULL,
	"qr_codes" jsonb NOT NULL,
	"secret" text NOT NULL,
	"crop" jsonb NOT NULL,
	"photo_width" integer NOT NULL,
	"photo_height" integer NOT NULL,
	"preview" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "children_id_cards" ADD CONSTRAINT "children_id_cards_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_id_cards" ADD CONSTRAINT "children_id_cards_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;