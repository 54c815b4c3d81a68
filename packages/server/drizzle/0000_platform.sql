CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"storage_name" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"owner_user_id" integer,
	"area" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_parameters" (
	"group_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	CONSTRAINT "group_parameters_group_id_parameter_id_pk" PRIMARY KEY("group_id","parameter_id")
);
--> statement-breakpoint
CREATE TABLE "group_rights" (
	"group_id" integer NOT NULL,
	"right" text NOT NULL,
	CONSTRAINT "group_rights_group_id_right_pk" PRIMARY KEY("group_id","right")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT 'Group' NOT NULL,
	"beschreibung" text DEFAULT '' NOT NULL,
	"standard" boolean DEFAULT false NOT NULL,
	"force_pw_reset" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_links" (
	"module_code" text PRIMARY KEY NOT NULL,
	"titel" text NOT NULL,
	"icon" text NOT NULL,
	"quicknav" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parameter_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"parameter_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"wert" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"client_address" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "user_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "user_parameter_values" (
	"user_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"wert" text DEFAULT '' NOT NULL,
	"option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "user_parameter_values_user_id_parameter_id_pk" PRIMARY KEY("user_id","parameter_id")
);
--> statement-breakpoint
CREATE TABLE "user_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT 'Label' NOT NULL,
	"typ" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"ident" boolean DEFAULT false NOT NULL,
	"see_on_table" boolean DEFAULT false NOT NULL,
	"bedingungen" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_rights" (
	"user_id" integer NOT NULL,
	"right" text NOT NULL,
	CONSTRAINT "user_rights_user_id_right_pk" PRIMARY KEY("user_id","right")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"nn" text NOT NULL,
	"ident" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"root_pw" boolean DEFAULT true NOT NULL,
	"show" boolean DEFAULT true NOT NULL,
	"last_view" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_parameters" ADD CONSTRAINT "group_parameters_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_parameters" ADD CONSTRAINT "group_parameters_parameter_id_user_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."user_parameters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_rights" ADD CONSTRAINT "group_rights_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameter_options" ADD CONSTRAINT "parameter_options_parameter_id_user_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."user_parameters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_parameter_values" ADD CONSTRAINT "user_parameter_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_parameter_values" ADD CONSTRAINT "user_parameter_values_parameter_id_user_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."user_parameters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_rights" ADD CONSTRAINT "user_rights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_path_idx" ON "files" USING btree ("path");--> statement-breakpoint
CREATE INDEX "files_area_idx" ON "files" USING btree ("area");--> statement-breakpoint
CREATE INDEX "login_attempts_lookup_idx" ON "login_attempts" USING btree ("kind","key","attempted_at");--> statement-breakpoint
CREATE INDEX "parameter_options_parameter_idx" ON "parameter_options" USING btree ("parameter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_groups_group_idx" ON "user_groups" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_nn_lower_idx" ON "users" USING btree (lower("nn"));