ALTER TABLE "payroll_employees" ADD COLUMN "overtime_carried_hundredths" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD CONSTRAINT "payroll_employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;