CREATE TABLE "children_consent_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"purpose" text NOT NULL,
	"text" text NOT NULL,
	"class_ids" jsonb NOT NULL,
	"deadline" date,
	"valid_until" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "children_consents" (
	"request_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"agreed" boolean NOT NULL,
	"answered_by" integer,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "children_consents_request_id_child_id_pk" PRIMARY KEY("request_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "children_health_notes" (
	"child_id" integer PRIMARY KEY NOT NULL,
	"allergies" text DEFAULT '' NOT NULL,
	"medication" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"emergency_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "children_pickup_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"time" text DEFAULT '' NOT NULL,
	"person" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "children_release_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"allowed" boolean NOT NULL,
	"weekdays" jsonb NOT NULL,
	"from_time" text DEFAULT '' NOT NULL,
	"paper" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "children_attendance" ADD COLUMN "picked_up_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "children_pickup_persons" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "children_pickup_persons" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "children_consent_requests" ADD CONSTRAINT "children_consent_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_consents" ADD CONSTRAINT "children_consents_request_id_children_consent_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."children_consent_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_consents" ADD CONSTRAINT "children_consents_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_consents" ADD CONSTRAINT "children_consents_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_health_notes" ADD CONSTRAINT "children_health_notes_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_pickup_changes" ADD CONSTRAINT "children_pickup_changes_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_pickup_changes" ADD CONSTRAINT "children_pickup_changes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_release_permissions" ADD CONSTRAINT "children_release_permissions_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_release_permissions" ADD CONSTRAINT "children_release_permissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "children_consents_child_idx" ON "children_consents" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "children_pickup_changes_child_day_idx" ON "children_pickup_changes" USING btree ("child_id","day");--> statement-breakpoint
CREATE INDEX "children_release_permissions_child_idx" ON "children_release_permissions" USING btree ("child_id");
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_release_permissions" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'child_id', 'id,child_id', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_pickup_changes" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'child_id', 'id,child_id', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_health_notes" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'child_id', 'child_id,updated_at', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_consent_requests" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Einwilligung', 'id', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_consents" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'child_id', 'child_id', 'teil');
