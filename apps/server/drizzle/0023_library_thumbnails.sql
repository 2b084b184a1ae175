CREATE TABLE "library_thumbnails" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"format" varchar(8) NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "library_thumbnails_format" CHECK ("library_thumbnails"."format" in ('png', 'jpg'))
);
--> statement-breakpoint
ALTER TABLE "library_thumbnails" ADD CONSTRAINT "library_thumbnails_file_id_library_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."library_files"("id") ON DELETE cascade ON UPDATE no action;