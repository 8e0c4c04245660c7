ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lang" text;--> statement-breakpoint
-- Texts written before by the server ("English / Hindi", or English alone) keep their words as
-- params en and hi, shown in the reader's language; the sender's own words (chat, notice) stay.
-- Every school's rows: row-level security is forced for the owner too, so it is lifted for this
-- statement and put back at once.
ALTER TABLE "notifications" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE "notifications" SET
  "params" = jsonb_build_object(
    'en', CASE WHEN strpos("message", ' / ') > 0 THEN left("message", strpos("message", ' / ') - 1) ELSE "message" END,
    'hi', CASE WHEN strpos("message", ' / ') > 0 THEN substr("message", strpos("message", ' / ') + 3) ELSE "message" END),
  "message" = ''
WHERE "kind" NOT IN ('chat', 'notice', 'other');
--> statement-breakpoint
ALTER TABLE "notifications" FORCE ROW LEVEL SECURITY;
