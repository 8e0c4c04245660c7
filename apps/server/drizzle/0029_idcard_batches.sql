-- ID cards (issue 26): a batch is taken by a run as `running` (like report cards' batches), with the
-- time the run started, so a batch left running by a stopped node is taken again.
ALTER TABLE "id_card_batches" ADD COLUMN "started_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE id_card_batches DROP CONSTRAINT id_card_batches_values_ck;
--> statement-breakpoint
ALTER TABLE id_card_batches ADD CONSTRAINT id_card_batches_values_ck CHECK (kind IN ('students', 'staff') AND status IN ('queued', 'running', 'done', 'failed') AND lang IN ('en', 'hi'));
