CREATE TABLE "class_students" (
	"school_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"roll_no" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_students_school_id_session_id_student_id_pk" PRIMARY KEY("school_id","session_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "class_subjects" (
	"school_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"teacher_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_subjects_class_id_subject_id_pk" PRIMARY KEY("class_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"master_code" text,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Existing classes (the demo's 1 to 5) take their master class from their name and a limit of 40.
-- The owner moves this data with the wall lowered for the statement (FORCE is set again below).
ALTER TABLE "classes" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "master_class" text;--> statement-breakpoint
UPDATE "classes" SET "master_class" = "name", "class_limit" = coalesce("class_limit", 40);--> statement-breakpoint
ALTER TABLE "classes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "classes" ALTER COLUMN "master_class" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "classes" ALTER COLUMN "class_limit" SET DEFAULT 40;--> statement-breakpoint
ALTER TABLE "classes" ALTER COLUMN "class_limit" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "class_teacher_id" uuid;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "sunday_working" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_students_class_idx" ON "class_students" USING btree ("class_id","roll_no");--> statement-breakpoint
CREATE INDEX "class_students_student_idx" ON "class_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "class_subjects_teacher_idx" ON "class_subjects" USING btree ("school_id","teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_name_uq" ON "subjects" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "subjects_school_created_idx" ON "subjects" USING btree ("school_id","created_at","id");--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_class_teacher_id_users_id_fk" FOREIGN KEY ("class_teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "academic_sessions_current_uq" ON "academic_sessions" USING btree ("school_id") WHERE "academic_sessions"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "classes_id_session_uq" ON "classes" USING btree ("id","session_id");--> statement-breakpoint
CREATE INDEX "classes_school_session_idx" ON "classes" USING btree ("school_id","session_id","master_class","section");--> statement-breakpoint
CREATE INDEX "classes_teacher_idx" ON "classes" USING btree ("school_id","class_teacher_id");