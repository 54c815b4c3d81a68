ALTER TABLE "customer_cost_documents" ADD COLUMN "sha256" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_cost_documents" ADD COLUMN "e_invoice" jsonb;--> statement-breakpoint
CREATE INDEX "customer_cost_documents_sha256_idx" ON "customer_cost_documents" USING btree ("sha256");