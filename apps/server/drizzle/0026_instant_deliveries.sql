-- Web Push is a delivery too (issue 24), and a platform user's notification (no school) can be
-- pushed: its delivery has no school. The tenant policy keeps it out of every school's reach; the
-- platform's path, which sends it, bypasses the policy. Settled pushes are forgotten after a week
-- (the instant job), found by the partial index.
ALTER TABLE "deliveries" ALTER COLUMN "school_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "deliveries_push_settled_idx" ON "deliveries" USING btree ("updated_at") WHERE "deliveries"."channel" = 'push' and "deliveries"."status" <> 'queued' and "deliveries"."status" <> 'sending';