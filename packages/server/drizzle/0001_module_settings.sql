CREATE TABLE "module_settings" (
	"module_code" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
