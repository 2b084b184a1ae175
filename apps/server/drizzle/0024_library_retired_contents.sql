CREATE TABLE "library_retired_contents" (
	"content_key" uuid PRIMARY KEY NOT NULL,
	"storage" varchar(16) NOT NULL,
	"retired_at" timestamp with time zone NOT NULL,
	CONSTRAINT "library_retired_contents_storage" CHECK ("library_retired_contents"."storage" in ('folder', 'database'))
);
--> statement-breakpoint
CREATE INDEX "library_retired_contents_retired_idx" ON "library_retired_contents" USING btree ("retired_at");