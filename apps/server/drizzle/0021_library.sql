CREATE TABLE "library_file_chunks" (
	"content_key" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	CONSTRAINT "library_file_chunks_content_key_seq_pk" PRIMARY KEY("content_key","seq")
);
--> statement-breakpoint
CREATE TABLE "library_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "library_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"folder" varchar(1000) DEFAULT '' NOT NULL,
	"name" varchar(255) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone NOT NULL,
	"metadata" jsonb,
	"storage" varchar(16) NOT NULL,
	"content_key" uuid NOT NULL,
	CONSTRAINT "library_files_storage" CHECK ("library_files"."storage" in ('folder', 'database')),
	CONSTRAINT "library_files_size" CHECK ("library_files"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "library_folders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "library_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"path" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "library_folders_not_root" CHECK ("library_folders"."path" <> '')
);
--> statement-breakpoint
ALTER TABLE "library_files" ADD CONSTRAINT "library_files_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_files" ADD CONSTRAINT "library_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_folders" ADD CONSTRAINT "library_folders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_file_chunks_written_idx" ON "library_file_chunks" USING btree ("written_at");--> statement-breakpoint
CREATE UNIQUE INDEX "library_files_name_unique" ON "library_files" USING btree ("business_id","folder","name");--> statement-breakpoint
CREATE UNIQUE INDEX "library_files_content_unique" ON "library_files" USING btree ("content_key");--> statement-breakpoint
CREATE UNIQUE INDEX "library_folders_path_unique" ON "library_folders" USING btree ("business_id","path");