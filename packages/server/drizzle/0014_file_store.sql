CREATE TABLE "file_chunks" (
	"storage_name" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_storage_name_seq_pk" PRIMARY KEY("storage_name","seq")
);
