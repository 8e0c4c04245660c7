-- An instalment carries its record's session, so that a session's overdue instalments, their count
-- and their sum come from one index (index-only for the count and sum) without visiting each
-- record. At 100 schools the dues page read 20,245 buffers for SC0051's 1,029 overdue instalments,
-- which lie among the other schools' rows (bench/scale.ts, 2026-11-23).
CREATE UNIQUE INDEX "fee_records_id_session_uq" ON "fee_records" USING btree ("id","school_id","session_id");
--> statement-breakpoint
ALTER TABLE "fee_instalments" ADD COLUMN "session_id" uuid;
--> statement-breakpoint
-- The copy of every school's rows: row-level security is forced for the owner too, so it is lifted
-- for this transaction's statement and put back at once.
ALTER TABLE "fee_instalments" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fee_records" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE "fee_instalments" i SET "session_id" = r."session_id"
  FROM "fee_records" r WHERE r."id" = i."fee_record_id" AND r."school_id" = i."school_id";
--> statement-breakpoint
ALTER TABLE "fee_records" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fee_instalments" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fee_instalments" ALTER COLUMN "session_id" SET NOT NULL;
--> statement-breakpoint
-- The record's session, kept so by the database: a record's session never changes, and if it did
-- its instalments would follow.
ALTER TABLE "fee_instalments" DROP CONSTRAINT "fee_instalments_record_fk";
--> statement-breakpoint
ALTER TABLE "fee_instalments" ADD CONSTRAINT "fee_instalments_record_fk"
  FOREIGN KEY ("fee_record_id", "school_id", "session_id") REFERENCES "fee_records" ("id", "school_id", "session_id") ON DELETE CASCADE ON UPDATE CASCADE;
--> statement-breakpoint
DROP INDEX "fee_instalments_unpaid_due_idx";
--> statement-breakpoint
CREATE INDEX "fee_instalments_overdue_idx" ON "fee_instalments" USING btree ("school_id","session_id","due_date","amount") WHERE not "fee_instalments"."paid";
