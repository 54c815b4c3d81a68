CREATE TABLE "customer_mail_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"sha256" text DEFAULT '' NOT NULL,
	"empfangen" timestamp with time zone NOT NULL,
	"absender" text DEFAULT '' NOT NULL,
	"betreff" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"hinweis" text DEFAULT '' NOT NULL,
	"file_id" integer,
	"e_invoice" jsonb,
	"cost_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_mail_inbox" (
	"id" integer PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"ok" boolean DEFAULT true NOT NULL,
	"meldung" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_mail_imports" ADD CONSTRAINT "customer_mail_imports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_mail_imports" ADD CONSTRAINT "customer_mail_imports_cost_id_customer_costs_id_fk" FOREIGN KEY ("cost_id") REFERENCES "public"."customer_costs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_mail_imports_key_idx" ON "customer_mail_imports" USING btree ("message_id","sha256");--> statement-breakpoint
CREATE INDEX "customer_mail_imports_status_idx" ON "customer_mail_imports" USING btree ("status","created_at");