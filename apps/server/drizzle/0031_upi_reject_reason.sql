-- Issue 25: the reason a UPI reference was rejected, kept with the claim (the office's list shows it).
ALTER TABLE "fee_upi_claims" ADD COLUMN "reject_reason" text;