DROP INDEX "users_school_role_idx";--> statement-breakpoint
CREATE INDEX "users_school_role_idx" ON "users" USING btree ("school_id","role_id","created_at","id");