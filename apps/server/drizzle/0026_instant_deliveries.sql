-- Web Push is a delivery too (issue 24), and a platform user's notification (no school) can be
-- pushed: its delivery has no school. The tenant policy keeps it out of every school's reach; the
-- platform's path, which sends it, bypasses the policy.
ALTER TABLE "deliveries" ALTER COLUMN "school_id" DROP NOT NULL;
