CREATE TABLE "activity_chain" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" varchar(64) NOT NULL,
	"anchor_seq" bigint NOT NULL,
	"anchor_hash" varchar(64) NOT NULL,
	"retention_days" integer NOT NULL,
	CONSTRAINT "activity_chain_one_row" CHECK ("activity_chain"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "activity_records" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" integer,
	"actor_email" varchar(254),
	"actor_role" smallint,
	"actor_business_id" integer,
	"controller_id" integer,
	"business_id" integer,
	"ticket_id" integer,
	"kind" varchar(64) NOT NULL,
	"detail" jsonb NOT NULL,
	"address" varchar(64),
	"outcome" integer,
	"prev_hash" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "activity_records_entry_unique" ON "activity_records" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "activity_records_at_idx" ON "activity_records" USING btree ("at");--> statement-breakpoint
CREATE INDEX "activity_records_controller_idx" ON "activity_records" USING btree ("controller_id","seq");--> statement-breakpoint
CREATE INDEX "activity_records_business_idx" ON "activity_records" USING btree ("business_id","seq");--> statement-breakpoint
CREATE INDEX "activity_records_actor_idx" ON "activity_records" USING btree ("actor_user_id","seq");--> statement-breakpoint
-- The chain starts from 64 zeros; the portal sets retention_days from its configuration at start.
INSERT INTO "activity_chain" ("id", "last_seq", "last_hash", "anchor_seq", "anchor_hash", "retention_days")
VALUES (1, 0, repeat('0', 64), 0, repeat('0', 64), 1825);
--> statement-breakpoint
-- Append-only, kept by the database itself: no UPDATE, no TRUNCATE, and a DELETE only of an entry older than the
-- retention (the pruning, docs/design.md §12).
CREATE FUNCTION "activity_records_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.at < now() - make_interval(days => (SELECT retention_days FROM activity_chain WHERE id = 1)) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the activity record is append-only (%)', TG_OP USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_records_no_change" BEFORE UPDATE OR DELETE ON "activity_records"
FOR EACH ROW EXECUTE FUNCTION "activity_records_append_only"();
--> statement-breakpoint
CREATE TRIGGER "activity_records_no_truncate" BEFORE TRUNCATE ON "activity_records"
FOR EACH STATEMENT EXECUTE FUNCTION "activity_records_append_only"();
