-- Issue 39: one UPI reference (UTR) pays once in a school. A repeat that came in before this rule
-- (all but the first pending or confirmed claim of a reference) is kept out of the unique index and
-- marked, so the office's list shows it; nothing it paid is changed.
ALTER TABLE "fee_upi_claims" ADD COLUMN "repeat_before_rule" boolean DEFAULT false NOT NULL;--> statement-breakpoint
SET LOCAL ROLE shala_platform;--> statement-breakpoint
UPDATE "fee_upi_claims" c SET "repeat_before_rule" = true
FROM (
  SELECT id, row_number() OVER (PARTITION BY school_id, upper(reference) ORDER BY created_at, id) AS n
  FROM "fee_upi_claims" WHERE status IN ('pending', 'confirmed')
) r
WHERE c.id = r.id AND r.n > 1;--> statement-breakpoint
RESET ROLE;--> statement-breakpoint
CREATE INDEX "fee_payments_reference_idx" ON "fee_payments" USING btree ("school_id",upper("reference")) WHERE "fee_payments"."reversed_at" is null and "fee_payments"."mode" in ('upi', 'bank_transfer') and "fee_payments"."reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_upi_claims_reference_uq" ON "fee_upi_claims" USING btree ("school_id",upper("reference")) WHERE "fee_upi_claims"."status" in ('pending', 'confirmed') and not "fee_upi_claims"."repeat_before_rule";
