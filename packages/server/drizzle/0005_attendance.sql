CREATE TABLE "attendance_entries" (
	"poll_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attendance_entries_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "attendance_polls" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"datum" date NOT NULL,
	"titel" text NOT NULL,
	"beschreibung" text DEFAULT '' NOT NULL,
	"gaeste" text DEFAULT '' NOT NULL,
	"geschlossen" boolean DEFAULT false NOT NULL,
	"qr_scanned" boolean DEFAULT false NOT NULL,
	"qr_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"sort" text NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"qr_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_entries" ADD CONSTRAINT "attendance_entries_poll_id_attendance_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."attendance_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_entries" ADD CONSTRAINT "attendance_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_polls" ADD CONSTRAINT "attendance_polls_slot_id_attendance_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."attendance_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_polls_slot_idx" ON "attendance_polls" USING btree ("slot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_polls_qr_idx" ON "attendance_polls" USING btree ("qr_code");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_slots_qr_idx" ON "attendance_slots" USING btree ("qr_code");