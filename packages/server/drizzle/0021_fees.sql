CREATE TABLE "fees_child_scopes" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"scope_id" integer NOT NULL,
	"from_day" text NOT NULL,
	"until_day" text DEFAULT '' NOT NULL,
	"reduction_cents" integer DEFAULT 0 NOT NULL,
	"subsidy" jsonb
);
--> statement-breakpoint
CREATE TABLE "fees_mandates" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"holder" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text DEFAULT '' NOT NULL,
	"reference" text NOT NULL,
	"signed_on" text NOT NULL,
	"collected" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees_meal_orders" (
	"child_id" integer NOT NULL,
	"day" text NOT NULL,
	"ordered" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fees_meal_orders_child_id_day_pk" PRIMARY KEY("child_id","day")
);
--> statement-breakpoint
CREATE TABLE "fees_menu" (
	"day" text PRIMARY KEY NOT NULL,
	"dishes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees_one_offs" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"month" text NOT NULL,
	"child_id" integer DEFAULT 0 NOT NULL,
	"class_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sepa_file" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees_scopes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prices" jsonb NOT NULL,
	"valid_from" text NOT NULL,
	"valid_until" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"family_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"care_by_child" jsonb NOT NULL,
	"meals_by_child" jsonb NOT NULL,
	"payers" jsonb NOT NULL,
	"due_day" text NOT NULL,
	"mandate_reference" text DEFAULT '' NOT NULL,
	"sequence" text DEFAULT '' NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"returned" boolean DEFAULT false NOT NULL,
	"return_fee_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fees_child_scopes" ADD CONSTRAINT "fees_child_scopes_scope_id_fees_scopes_id_fk" FOREIGN KEY ("scope_id") REFERENCES "public"."fees_scopes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_statements" ADD CONSTRAINT "fees_statements_run_id_fees_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."fees_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fees_child_scopes_child" ON "fees_child_scopes" USING btree ("child_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fees_mandates_reference" ON "fees_mandates" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "fees_mandates_family" ON "fees_mandates" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "fees_meal_orders_day" ON "fees_meal_orders" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "fees_runs_month" ON "fees_runs" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "fees_statements_run_family" ON "fees_statements" USING btree ("run_id","family_id");--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "fees_scopes" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('220', 'Betreuungsumfang', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "fees_mandates" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('220', 'Mandat', 'id', 'iban');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "fees_runs" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('220', 'Beitragslauf', 'id', 'created_at');
