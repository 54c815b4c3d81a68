ALTER TABLE "customer_order_lines" ADD COLUMN "ust_kategorie" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD COLUMN "befreiungsgrund" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD COLUMN "befreiungsgrund_code" text DEFAULT '' NOT NULL;