CREATE TABLE "messages_attachments" (
	"message_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "messages_attachments_message_id_file_id_pk" PRIMARY KEY("message_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "messages_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"titel" text DEFAULT '' NOT NULL,
	"broadcast" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"targets" jsonb,
	"reply_to" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"author_id" integer,
	"betreff" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"requires_confirmation" boolean DEFAULT false NOT NULL,
	"deadline" text DEFAULT '' NOT NULL,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages_participants" (
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "messages_participants_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "messages_receipts" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "messages_receipts_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "messages_translations" (
	"text_hash" text NOT NULL,
	"sprache" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_translations_text_hash_sprache_pk" PRIMARY KEY("text_hash","sprache")
);
--> statement-breakpoint
ALTER TABLE "messages_attachments" ADD CONSTRAINT "messages_attachments_message_id_messages_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages_attachments" ADD CONSTRAINT "messages_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages_conversations" ADD CONSTRAINT "messages_conversations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages_messages" ADD CONSTRAINT "messages_messages_conversation_id_messages_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."messages_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages_messages" ADD CONSTRAINT "messages_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages_participants" ADD CONSTRAINT "messages_participants_conversation_id_messages_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."messages_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages_participants" ADD CONSTRAINT "messages_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages_receipts" ADD CONSTRAINT "messages_receipts_message_id_messages_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages_receipts" ADD CONSTRAINT "messages_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages_receipts" ADD CONSTRAINT "messages_receipts_conversation_id_messages_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."messages_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_conversations_last_idx" ON "messages_conversations" USING btree ("last_message_at");--> statement-breakpoint
CREATE INDEX "messages_conversations_reply_idx" ON "messages_conversations" USING btree ("reply_to","created_by");--> statement-breakpoint
CREATE INDEX "messages_messages_conversation_idx" ON "messages_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_messages_client_idx" ON "messages_messages" USING btree ("author_id","client_id");--> statement-breakpoint
CREATE INDEX "messages_participants_user_idx" ON "messages_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "messages_receipts_user_idx" ON "messages_receipts" USING btree ("user_id","conversation_id");