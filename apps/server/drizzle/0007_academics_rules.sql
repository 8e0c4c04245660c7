-- Academics: the rules the database keeps, and the tenant wall on the new tables.

-- Sessions of one school may not overlap (btree_gist lets the school id share the exclusion).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE academic_sessions ADD CONSTRAINT academic_sessions_no_overlap
  EXCLUDE USING gist (school_id WITH =, daterange(start_date, end_date, '[]') WITH &&);
--> statement-breakpoint
ALTER TABLE academic_sessions ADD CONSTRAINT academic_sessions_dates_ck CHECK (end_date > start_date);
--> statement-breakpoint
-- A student's place names its class and that class's session: the two always agree.
ALTER TABLE class_students ADD CONSTRAINT class_students_class_fk
  FOREIGN KEY (class_id, session_id) REFERENCES classes (id, session_id) ON UPDATE CASCADE;
--> statement-breakpoint
-- Roll numbers are unique within a class, checked at the end of each statement (so one statement
-- may renumber a whole class or swap two numbers).
ALTER TABLE class_students ADD CONSTRAINT class_students_roll_uq
  UNIQUE (class_id, roll_no) DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE classes ADD CONSTRAINT classes_limit_ck CHECK (class_limit BETWEEN 1 AND 200);
--> statement-breakpoint
ALTER TABLE subjects ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE subjects FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON subjects USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE class_subjects ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE class_subjects FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON class_subjects USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE class_students ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE class_students FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON class_students USING (school_id = app_school()) WITH CHECK (school_id = app_school());
