ALTER TABLE "payroll_employees" ADD COLUMN "overtime_carried_hundredths" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD CONSTRAINT "payroll_employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Documents kept in a module's area (payroll statements, QR code sheets) belong to their record, not to the
-- user who happened to download them first (offerFile): they are no part of that user's Datenauskunft.
UPDATE "files" SET "owner_user_id" = NULL WHERE "area" IN ('f400-420', 'f100-150-qr');
