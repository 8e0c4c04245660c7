-- Issue 42: the staff register (staff without a sign-in, a date's statuses, the saved dates and their log).
CREATE TABLE "staff_attendance" (
	"school_id" uuid NOT NULL,
	"date" date NOT NULL,
	"user_id" uuid,
	"staff_member_id" uuid,
	"status" text NOT NULL,
	"check_in_at" timestamp with time zone,
	"late_minutes" integer,
	"marked_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_attendance_days" (
	"school_id" uuid NOT NULL,
	"date" date NOT NULL,
	"marked_by" uuid,
	"marked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_attendance_days_pk" PRIMARY KEY("school_id","date")
);
--> statement-breakpoint
CREATE TABLE "staff_attendance_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"date" date NOT NULL,
	"user_id" uuid,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"designation" text NOT NULL,
	"phone" text,
	"joined_on" date NOT NULL,
	"left_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_staff_member_id_staff_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance_days" ADD CONSTRAINT "staff_attendance_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance_days" ADD CONSTRAINT "staff_attendance_days_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance_logs" ADD CONSTRAINT "staff_attendance_logs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance_logs" ADD CONSTRAINT "staff_attendance_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_attendance_user_uq" ON "staff_attendance" USING btree ("school_id","date","user_id") WHERE "staff_attendance"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_attendance_member_uq" ON "staff_attendance" USING btree ("school_id","date","staff_member_id") WHERE "staff_attendance"."staff_member_id" is not null;--> statement-breakpoint
CREATE INDEX "staff_attendance_logs_school_idx" ON "staff_attendance_logs" USING btree ("school_id","date","created_at");--> statement-breakpoint
CREATE INDEX "staff_members_school_idx" ON "staff_members" USING btree ("school_id","full_name");--> statement-breakpoint
ALTER TABLE staff_attendance ADD CONSTRAINT staff_attendance_status_ck CHECK (status IN ('present', 'absent', 'half_first', 'half_second', 'on_leave', 'on_duty'));
--> statement-breakpoint
ALTER TABLE staff_attendance ADD CONSTRAINT staff_attendance_person_ck CHECK (num_nonnulls(user_id, staff_member_id) = 1);
--> statement-breakpoint
ALTER TABLE staff_attendance ADD CONSTRAINT staff_attendance_late_ck CHECK (late_minutes IS NULL OR late_minutes >= 0);
--> statement-breakpoint
ALTER TABLE staff_members ADD CONSTRAINT staff_members_dates_ck CHECK (left_on IS NULL OR left_on >= joined_on);
--> statement-breakpoint
ALTER TABLE staff_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE staff_members FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON staff_members USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE staff_attendance ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE staff_attendance FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON staff_attendance USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE staff_attendance_days ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE staff_attendance_days FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON staff_attendance_days USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE staff_attendance_logs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE staff_attendance_logs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON staff_attendance_logs USING (school_id = app_school()) WITH CHECK (school_id = app_school());
