-- Issue 43: leave asked by parents (a parent's request for its child, decided by the class teacher or the principal).
CREATE TABLE "student_leaves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"class_id" uuid,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"days" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"file_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_leaves" ADD CONSTRAINT "student_leaves_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_leaves" ADD CONSTRAINT "student_leaves_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_leaves" ADD CONSTRAINT "student_leaves_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_leaves" ADD CONSTRAINT "student_leaves_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_leaves" ADD CONSTRAINT "student_leaves_file_name_files_name_fk" FOREIGN KEY ("file_name") REFERENCES "public"."files"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_leaves" ADD CONSTRAINT "student_leaves_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_leaves" ADD CONSTRAINT "student_leaves_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_leaves_class_idx" ON "student_leaves" USING btree ("school_id","class_id","status");--> statement-breakpoint
CREATE INDEX "student_leaves_student_idx" ON "student_leaves" USING btree ("school_id","student_id","from_date");--> statement-breakpoint
-- Issue 43, the rules the database keeps.
ALTER TABLE student_leaves ADD CONSTRAINT student_leaves_status_ck CHECK (status IN ('pending', 'approved', 'declined', 'cancelled'));
--> statement-breakpoint
ALTER TABLE student_leaves ADD CONSTRAINT student_leaves_reason_ck CHECK (reason IN ('illness', 'family', 'function', 'travel', 'school_duty'));
--> statement-breakpoint
ALTER TABLE student_leaves ADD CONSTRAINT student_leaves_days_ck CHECK (to_date >= from_date AND days >= 0);
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- A child's pending or approved requests never overlap (mapped to 409 leave_overlap).
ALTER TABLE student_leaves ADD CONSTRAINT student_leaves_no_overlap
  EXCLUDE USING gist (school_id WITH =, student_id WITH =, daterange(from_date, to_date, '[]') WITH &&) WHERE (status IN ('pending', 'approved'));
--> statement-breakpoint
ALTER TABLE student_leaves ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE student_leaves FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON student_leaves USING (school_id = app_school()) WITH CHECK (school_id = app_school());
