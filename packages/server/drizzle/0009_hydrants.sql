CREATE TABLE "hydrant_streets" (
	"id" serial PRIMARY KEY NOT NULL,
	"strasse" text NOT NULL,
	"plz" text DEFAULT '' NOT NULL,
	"ort" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hydrants" (
	"id" serial PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"street_id" integer NOT NULL,
	"hausnummer" text DEFAULT '' NOT NULL,
	"lage_schild" text DEFAULT 'Laterne' NOT NULL,
	"nummer" text DEFAULT '' NOT NULL,
	"lage" text DEFAULT 'Gehweg' NOT NULL,
	"durchmesser" integer DEFAULT 100 NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '2' NOT NULL,
	"mangel" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_update" bigint NOT NULL,
	"last_inspection" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hydrants" ADD CONSTRAINT "hydrants_street_id_hydrant_streets_id_fk" FOREIGN KEY ("street_id") REFERENCES "public"."hydrant_streets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hydrant_streets_name_idx" ON "hydrant_streets" USING btree ("strasse","plz","ort");--> statement-breakpoint
CREATE INDEX "hydrants_street_idx" ON "hydrants" USING btree ("street_id");