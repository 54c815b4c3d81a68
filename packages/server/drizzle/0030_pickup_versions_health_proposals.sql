CREATE TABLE "children_health_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"allergies" text DEFAULT '' NOT NULL,
	"medication" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"emergency_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'offen' NOT NULL,
	"proposed_by" integer,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "children_pickup_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"persons" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "children_health_proposals" ADD CONSTRAINT "children_health_proposals_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_health_proposals" ADD CONSTRAINT "children_health_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_health_proposals" ADD CONSTRAINT "children_health_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_pickup_versions" ADD CONSTRAINT "children_pickup_versions_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children_pickup_versions" ADD CONSTRAINT "children_pickup_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "children_health_proposals_child_idx" ON "children_health_proposals" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "children_pickup_versions_child_idx" ON "children_pickup_versions" USING btree ("child_id");--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_health_proposals" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'child_id', 'id,child_id', 'teil');