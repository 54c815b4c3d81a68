CREATE TABLE "payroll_employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"personalnummer" text DEFAULT '' NOT NULL,
	"vorname" text NOT NULL,
	"nachname" text NOT NULL,
	"eintrittsdatum" text DEFAULT '' NOT NULL,
	"urlaubstage_hundredths" integer DEFAULT 0 NOT NULL,
	"standard_lohngruppe" integer DEFAULT 0 NOT NULL,
	"standard_arbeitsbeginn" text DEFAULT '' NOT NULL,
	"standard_arbeitsende" text DEFAULT '' NOT NULL,
	"standard_pausen" integer DEFAULT 0 NOT NULL,
	"vertrag_lohngruppe" integer DEFAULT 0 NOT NULL,
	"vertrag_stunden_hundredths" integer DEFAULT 0 NOT NULL,
	"festgehalt_cents" integer DEFAULT 0 NOT NULL,
	"ausnahmen" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_payrolls" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"jahr" integer NOT NULL,
	"monat" integer NOT NULL,
	"data" jsonb NOT NULL,
	"overview" jsonb NOT NULL,
	"hours_hundredths" integer NOT NULL,
	"overtime_hundredths" integer NOT NULL,
	"leave_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payroll_payrolls" ADD CONSTRAINT "payroll_payrolls_employee_id_payroll_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."payroll_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_payrolls_month_idx" ON "payroll_payrolls" USING btree ("employee_id","jahr","monat");--> statement-breakpoint
CREATE INDEX "payroll_payrolls_employee_idx" ON "payroll_payrolls" USING btree ("employee_id");