ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "edited_by" integer;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "edited_by" integer;--> statement-breakpoint
ALTER TABLE "children_classes" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "children_classes" ADD COLUMN "edited_by" integer;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "edited_by" integer;--> statement-breakpoint
ALTER TABLE "customer_costs" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_costs" ADD COLUMN "edited_by" integer;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "edited_by" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "edited_by" integer;--> statement-breakpoint
ALTER TABLE "dashboard_messages" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_messages" ADD COLUMN "edited_by" integer;--> statement-breakpoint
ALTER TABLE "hydrants" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hydrants" ADD COLUMN "edited_by" integer;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD COLUMN "edited_by" integer;--> statement-breakpoint
ALTER TABLE "payroll_payrolls" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_payrolls" ADD COLUMN "edited_by" integer;