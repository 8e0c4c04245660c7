ALTER TABLE "certificates" ADD COLUMN "prints_by_lang" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Printed before prints were counted per language: a reprint in either language says DUPLICATE.
SET LOCAL ROLE shala_platform;--> statement-breakpoint
UPDATE "certificates" SET "prints_by_lang" = jsonb_build_object('en', "prints", 'hi', "prints") WHERE "prints" > 0;--> statement-breakpoint
RESET ROLE;
