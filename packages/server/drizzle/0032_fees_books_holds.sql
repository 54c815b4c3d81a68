CREATE TABLE "customer_external_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"month" text NOT NULL,
	"reference" text NOT NULL,
	"datum" date NOT NULL,
	"cents" bigint NOT NULL,
	"text" text NOT NULL,
	"income_centre_id" integer DEFAULT 0 NOT NULL,
	"ust_kategorie" text DEFAULT '' NOT NULL,
	"befreiungsgrund" text DEFAULT '' NOT NULL,
	"befreiungsgrund_code" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fees_mandates" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fees_statements" ADD COLUMN "family_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fees_statements" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_external_receipts_ref_idx" ON "customer_external_receipts" USING btree ("source","reference");--> statement-breakpoint
CREATE INDEX "customer_external_receipts_datum_idx" ON "customer_external_receipts" USING btree ("datum");