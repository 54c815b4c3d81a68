CREATE TABLE "customer_bank_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"schluessel" text NOT NULL,
	"datum" date NOT NULL,
	"betrag_cents" bigint DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"verwendungszweck" text DEFAULT '' NOT NULL,
	"invoice_id" integer,
	"receipt_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_bank_lines" ADD CONSTRAINT "customer_bank_lines_invoice_id_customer_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."customer_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bank_lines" ADD CONSTRAINT "customer_bank_lines_receipt_id_customer_documents_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."customer_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_bank_lines_key_idx" ON "customer_bank_lines" USING btree ("schluessel");--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "customer_bank_lines" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('410', 'Kontoumsatz', 'id', 'created_at');