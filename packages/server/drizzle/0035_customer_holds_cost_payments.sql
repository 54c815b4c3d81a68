ALTER TABLE "customer_bank_lines" ADD COLUMN "cost_id" integer;--> statement-breakpoint
ALTER TABLE "customer_costs" ADD COLUMN "open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_costs" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "customer_costs" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "customer_costs" ADD COLUMN "creditor_iban" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_costs" ADD COLUMN "creditor_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_costs" ADD COLUMN "invoice_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "held_until" date;--> statement-breakpoint
ALTER TABLE "customer_bank_lines" ADD CONSTRAINT "customer_bank_lines_cost_id_customer_costs_id_fk" FOREIGN KEY ("cost_id") REFERENCES "public"."customer_costs"("id") ON DELETE set null ON UPDATE no action;