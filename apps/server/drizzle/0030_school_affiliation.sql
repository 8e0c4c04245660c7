-- Certificates (issue 26) print the school's affiliation number (its board's) and UDISE code.
ALTER TABLE "schools" ADD COLUMN "affiliation_no" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "udise_code" text;