ALTER TABLE "users" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "qualification" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subjects" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marital_status" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "religion" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blood_group" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "father_occupation" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mother_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mother_occupation" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_school_role_email_uq" ON "users" USING btree ("school_id","role_id",lower("email")) WHERE "users"."email" is not null;