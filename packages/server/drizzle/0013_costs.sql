CREATE TABLE "customer_cost_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"cost_id" integer NOT NULL,
	"dokumentart" integer NOT NULL,
	"name" text NOT NULL,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"datum" date NOT NULL,
	"cost_centre" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"rate" text NOT NULL,
	"titel" text NOT NULL,
	"titel2" text DEFAULT '' NOT NULL,
	"beschreibung" text DEFAULT '' NOT NULL,
	"repeat" integer DEFAULT 0 NOT NULL,
	"template_id" integer,
	"period" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_cost_documents" ADD CONSTRAINT "customer_cost_documents_cost_id_customer_costs_id_fk" FOREIGN KEY ("cost_id") REFERENCES "public"."customer_costs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_cost_documents" ADD CONSTRAINT "customer_cost_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_cost_documents_cost_idx" ON "customer_cost_documents" USING btree ("cost_id");--> statement-breakpoint
CREATE INDEX "customer_cost_documents_file_idx" ON "customer_cost_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "customer_costs_datum_idx" ON "customer_costs" USING btree ("datum");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_costs_repeat_idx" ON "customer_costs" USING btree ("template_id","period");