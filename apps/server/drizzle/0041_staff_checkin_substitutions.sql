-- Issue 42: self check-in (inside the campus or not, and the accuracy; never the position), the staff settings, substitutions (the arrangement register).
CREATE TABLE "staff_settings" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"grace_minutes" integer NOT NULL,
	"campus_latitude" double precision,
	"campus_longitude" double precision,
	"campus_radius" integer,
	"daily_cover_cap" integer NOT NULL,
	"weekly_cover_cap" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "substitutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"date" date NOT NULL,
	"period_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"absent_teacher_id" uuid NOT NULL,
	"substitute_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD COLUMN "check_in_inside" boolean;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD COLUMN "check_in_accuracy" integer;--> statement-breakpoint
ALTER TABLE "staff_settings" ADD CONSTRAINT "staff_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_absent_teacher_id_users_id_fk" FOREIGN KEY ("absent_teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_substitute_id_users_id_fk" FOREIGN KEY ("substitute_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "substitutions_class_uq" ON "substitutions" USING btree ("school_id","date","period_id","class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "substitutions_substitute_uq" ON "substitutions" USING btree ("school_id","date","period_id","substitute_id");--> statement-breakpoint
CREATE INDEX "substitutions_substitute_idx" ON "substitutions" USING btree ("school_id","substitute_id","date");--> statement-breakpoint
ALTER TABLE staff_settings ADD CONSTRAINT staff_settings_campus_ck CHECK (num_nulls(campus_latitude, campus_longitude, campus_radius) IN (0, 3));
--> statement-breakpoint
ALTER TABLE staff_settings ADD CONSTRAINT staff_settings_values_ck CHECK (grace_minutes >= 0 AND daily_cover_cap >= 1 AND weekly_cover_cap >= 1 AND (campus_radius IS NULL OR campus_radius > 0));
--> statement-breakpoint
ALTER TABLE staff_attendance ADD CONSTRAINT staff_attendance_accuracy_ck CHECK (check_in_accuracy IS NULL OR check_in_accuracy >= 0);
--> statement-breakpoint
ALTER TABLE substitutions ADD CONSTRAINT substitutions_not_self_ck CHECK (substitute_id <> absent_teacher_id);
--> statement-breakpoint
ALTER TABLE staff_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE staff_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON staff_settings USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE substitutions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE substitutions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON substitutions USING (school_id = app_school()) WITH CHECK (school_id = app_school());
