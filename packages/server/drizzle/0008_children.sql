CREATE TABLE "children_attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer,
	"day" date NOT NULL,
	"time_from" text NOT NULL,
	"time_to" text,
	"reason" text DEFAULT '' NOT NULL,
	"deleted_vorname" text,
	"deleted_nachname" text,
	"deleted_class" text,
	"deleted_class_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "children_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "children_diary" (
	"child_id" integer NOT NULL,
	"day" date NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "children_diary_child_id_day_pk" PRIMARY KEY("child_id","day")
);
--> statement-breakpoint
CREATE TABLE "children_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"kind" text DEFAULT 'dokument' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "children_exception_files" (
	"exception_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "children_exception_files_exception_id_file_id_pk" PRIMARY KEY("exception_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "children_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"day" date NOT NULL,
	"present" boolean NOT NULL,
	"release_time" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"by_parent" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "children_missing_notices" (
	"child_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "children_missing_notices_child_id_day_pk" PRIMARY KEY("child_id","day")
);
--> statement-breakpoint
CREATE TABLE "children_parent_start_passwords" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"password" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "children_phones" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"name" text NOT NULL,
	"nummer" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "children_pickup_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"name" text NOT NULL,
	"relation" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "children_recurring_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"present" boolean NOT NULL,
	"release_time" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "children" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"parent_user_id" integer,
	"vorname" text NOT NULL,
	"nachname" text NOT NULL,
	"junge" boolean DEFAULT true NOT NULL,
	"birthday" date,
	"care_from" text NOT NULL,
	"release_time" text NOT NULL,
	"siblings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "children_attendance" ADD CONSTRAINT "children_attendance_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_diary" ADD CONSTRAINT "children_diary_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_documents" ADD CONSTRAINT "children_documents_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_documents" ADD CONSTRAINT "children_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_exception_files" ADD CONSTRAINT "children_exception_files_exception_id_children_exceptions_id_fk" FOREIGN KEY ("exception_id") REFERENCES "public"."children_exceptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_exception_files" ADD CONSTRAINT "children_exception_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_exceptions" ADD CONSTRAINT "children_exceptions_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_exceptions" ADD CONSTRAINT "children_exceptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_missing_notices" ADD CONSTRAINT "children_missing_notices_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_parent_start_passwords" ADD CONSTRAINT "children_parent_start_passwords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_phones" ADD CONSTRAINT "children_phones_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_pickup_persons" ADD CONSTRAINT "children_pickup_persons_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_recurring_exceptions" ADD CONSTRAINT "children_recurring_exceptions_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_class_id_children_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."children_classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "children_attendance_child_day_idx" ON "children_attendance" USING btree ("child_id","day");--> statement-breakpoint
CREATE INDEX "children_attendance_day_idx" ON "children_attendance" USING btree ("day");--> statement-breakpoint
CREATE INDEX "children_documents_child_idx" ON "children_documents" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "children_exceptions_day_idx" ON "children_exceptions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "children_exceptions_child_day_idx" ON "children_exceptions" USING btree ("child_id","day");--> statement-breakpoint
CREATE INDEX "children_phones_child_idx" ON "children_phones" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "children_pickup_child_idx" ON "children_pickup_persons" USING btree ("child_id");--> statement-breakpoint
CREATE UNIQUE INDEX "children_recurring_child_weekday_idx" ON "children_recurring_exceptions" USING btree ("child_id","weekday");--> statement-breakpoint
CREATE INDEX "children_class_idx" ON "children" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "children_parent_idx" ON "children" USING btree ("parent_user_id");