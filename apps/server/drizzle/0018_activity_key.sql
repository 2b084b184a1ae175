-- The activity record gets a key (docs/design.md §9). Entries written so far stay SHA-256 chained (chain 1); every
-- later one is keyed (chain 2) and follows the head as it is now, which the first checkpoint pins.
ALTER TABLE "activity_chain" ADD COLUMN "keyed_from_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "activity_chain" SET "keyed_from_seq" = "last_seq";--> statement-breakpoint
-- A column added with a default fills the existing rows without an UPDATE (the append-only trigger stays quiet);
-- dropping the default then makes an earlier release's instance, which writes no chain, fail to append rather than
-- append unkeyed entries: they wait in its journal until it runs this release.
ALTER TABLE "activity_records" ADD COLUMN "chain" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_records" ALTER COLUMN "chain" DROP DEFAULT;
