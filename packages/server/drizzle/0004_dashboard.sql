CREATE TABLE "dashboard_feedback" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"can_change" boolean DEFAULT false NOT NULL,
	CONSTRAINT "dashboard_feedback_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_id" integer,
	"typ" text DEFAULT 'info' NOT NULL,
	"titel" text NOT NULL,
	"text" text NOT NULL,
	"popup" boolean DEFAULT false NOT NULL,
	"planned" boolean DEFAULT false NOT NULL,
	"show_from" timestamp with time zone,
	"show_until" timestamp with time zone,
	"recipients" jsonb NOT NULL,
	"feedback_enabled" boolean DEFAULT false NOT NULL,
	"feedback_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_popups_seen" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "dashboard_popups_seen_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_feedback" ADD CONSTRAINT "dashboard_feedback_message_id_dashboard_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."dashboard_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_feedback" ADD CONSTRAINT "dashboard_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_messages" ADD CONSTRAINT "dashboard_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_popups_seen" ADD CONSTRAINT "dashboard_popups_seen_message_id_dashboard_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."dashboard_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_popups_seen" ADD CONSTRAINT "dashboard_popups_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_messages_created_idx" ON "dashboard_messages" USING btree ("created_at");