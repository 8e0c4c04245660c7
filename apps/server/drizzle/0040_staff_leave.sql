-- Issue 42: staff leave (leave types, balances a session, applications and their approved days).
CREATE TABLE "leave_balances" (
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"leave_type_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"opening" integer DEFAULT 0 NOT NULL,
	"granted" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"set_by_hand" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_balances_pk" PRIMARY KEY("school_id","user_id","leave_type_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "leave_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_hi" text,
	"days_per_session" integer NOT NULL,
	"carry_forward_max" integer DEFAULT 0 NOT NULL,
	"half_day_allowed" boolean DEFAULT true NOT NULL,
	"document_after_days" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_leave_days" (
	"school_id" uuid NOT NULL,
	"leave_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"leave_type_id" uuid NOT NULL,
	"date" date NOT NULL,
	"halves" smallint NOT NULL,
	"paid" boolean NOT NULL,
	CONSTRAINT "staff_leave_days_pk" PRIMARY KEY("leave_id","date","paid")
);
--> statement-breakpoint
CREATE TABLE "staff_leaves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"leave_type_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"half" text,
	"days" integer NOT NULL,
	"paid" integer,
	"unpaid" integer,
	"reason" text NOT NULL,
	"file_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leave_balances" ADD CONSTRAINT "leave_balances_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_balances" ADD CONSTRAINT "leave_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_balances" ADD CONSTRAINT "leave_balances_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_balances" ADD CONSTRAINT "leave_balances_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave_days" ADD CONSTRAINT "staff_leave_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave_days" ADD CONSTRAINT "staff_leave_days_leave_id_staff_leaves_id_fk" FOREIGN KEY ("leave_id") REFERENCES "public"."staff_leaves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave_days" ADD CONSTRAINT "staff_leave_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave_days" ADD CONSTRAINT "staff_leave_days_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leaves" ADD CONSTRAINT "staff_leaves_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leaves" ADD CONSTRAINT "staff_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leaves" ADD CONSTRAINT "staff_leaves_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leaves" ADD CONSTRAINT "staff_leaves_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leaves" ADD CONSTRAINT "staff_leaves_file_name_files_name_fk" FOREIGN KEY ("file_name") REFERENCES "public"."files"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leaves" ADD CONSTRAINT "staff_leaves_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leave_types_code_uq" ON "leave_types" USING btree ("school_id",lower("code"));--> statement-breakpoint
CREATE INDEX "staff_leave_days_date_idx" ON "staff_leave_days" USING btree ("school_id","date","user_id");--> statement-breakpoint
CREATE INDEX "staff_leaves_school_idx" ON "staff_leaves" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_leaves_user_idx" ON "staff_leaves" USING btree ("school_id","user_id","created_at");--> statement-breakpoint
-- Issue 42, leave: day counts in halves; the rules the database keeps.
ALTER TABLE leave_types ADD CONSTRAINT leave_types_days_ck CHECK (days_per_session >= 0 AND carry_forward_max >= 0 AND (document_after_days IS NULL OR document_after_days >= 0));
--> statement-breakpoint
ALTER TABLE leave_balances ADD CONSTRAINT leave_balances_used_ck CHECK (opening >= 0 AND granted >= 0 AND used >= 0 AND used <= opening + granted);
--> statement-breakpoint
ALTER TABLE staff_leaves ADD CONSTRAINT staff_leaves_status_ck CHECK (status IN ('pending', 'approved', 'declined', 'cancelled'));
--> statement-breakpoint
ALTER TABLE staff_leaves ADD CONSTRAINT staff_leaves_half_ck CHECK (half IS NULL OR (half IN ('first', 'second') AND from_date = to_date));
--> statement-breakpoint
ALTER TABLE staff_leaves ADD CONSTRAINT staff_leaves_days_ck CHECK (to_date >= from_date AND days >= 0 AND coalesce(paid, 0) >= 0 AND coalesce(unpaid, 0) >= 0);
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- One person's pending or approved leave never overlaps (mapped to 409 leave_overlap).
ALTER TABLE staff_leaves ADD CONSTRAINT staff_leaves_no_overlap
  EXCLUDE USING gist (school_id WITH =, user_id WITH =, daterange(from_date, to_date, '[]') WITH &&) WHERE (status IN ('pending', 'approved'));
--> statement-breakpoint
ALTER TABLE staff_leave_days ADD CONSTRAINT staff_leave_days_halves_ck CHECK (halves IN (1, 2));
--> statement-breakpoint
ALTER TABLE leave_types ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE leave_types FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON leave_types USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE leave_balances ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE leave_balances FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON leave_balances USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE staff_leaves ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE staff_leaves FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON staff_leaves USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE staff_leave_days ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE staff_leave_days FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON staff_leave_days USING (school_id = app_school()) WITH CHECK (school_id = app_school());
