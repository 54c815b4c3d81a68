CREATE TABLE "customer_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"dokumentart" integer NOT NULL,
	"name" text NOT NULL,
	"file_id" integer NOT NULL,
	"xml_file_id" integer,
	"wert_cents" bigint DEFAULT 0 NOT NULL,
	"datum" date NOT NULL,
	"snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"pos" integer NOT NULL,
	"titel" text NOT NULL,
	"beschreibung" text DEFAULT '' NOT NULL,
	"anzahl" text NOT NULL,
	"unit_net_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	"rate" text NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"service_type_id" integer DEFAULT 0 NOT NULL,
	"income_centre_id" integer DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"cost_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"kundennummer" text NOT NULL,
	"kunde_ident" text NOT NULL,
	"typ" text NOT NULL,
	"auftragsnummer" text NOT NULL,
	"titel" text NOT NULL,
	"beschreibung" text DEFAULT '' NOT NULL,
	"admin_info" text DEFAULT '' NOT NULL,
	"status" integer NOT NULL,
	"vertrag_nummer" text DEFAULT '' NOT NULL,
	"vertrag_beginn" date,
	"vertrag_ende" date,
	"zahlungsintervall" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_scheduled_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"input" jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"repeat" integer DEFAULT 0 NOT NULL,
	"send_to" text DEFAULT '' NOT NULL,
	"send_text" text DEFAULT '' NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kundennummer" text NOT NULL,
	"firma" text DEFAULT '' NOT NULL,
	"ident" text NOT NULL,
	"login_user_id" integer,
	"leitweg_id" text DEFAULT '' NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_xml_file_id_files_id_fk" FOREIGN KEY ("xml_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD CONSTRAINT "customer_order_lines_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_scheduled_documents" ADD CONSTRAINT "customer_scheduled_documents_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_login_user_id_users_id_fk" FOREIGN KEY ("login_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_documents_order_idx" ON "customer_documents" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_documents_number_idx" ON "customer_documents" USING btree ("name") WHERE "customer_documents"."dokumentart" in (1, 2, 3);--> statement-breakpoint
CREATE INDEX "customer_order_lines_order_idx" ON "customer_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_orders_number_idx" ON "customer_orders" USING btree ("auftragsnummer");--> statement-breakpoint
CREATE INDEX "customer_orders_customer_idx" ON "customer_orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_scheduled_due_idx" ON "customer_scheduled_documents" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_number_idx" ON "customers" USING btree ("kundennummer");--> statement-breakpoint
CREATE INDEX "customers_login_idx" ON "customers" USING btree ("login_user_id");