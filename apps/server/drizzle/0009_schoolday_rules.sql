-- The school day: the rules the database keeps, and the tenant wall on the new tables.

-- Periods of a session never overlap (a period is [start, end) in minutes after midnight).
ALTER TABLE periods ADD CONSTRAINT periods_no_overlap
  EXCLUDE USING gist (school_id WITH =, session_id WITH =, int4range(start_minute, end_minute) WITH &&);
--> statement-breakpoint
ALTER TABLE periods ADD CONSTRAINT periods_minutes_ck CHECK (start_minute >= 0 AND end_minute <= 1440 AND end_minute > start_minute);
--> statement-breakpoint
-- Holidays of a session never overlap (a range is inclusive of both days).
ALTER TABLE holidays ADD CONSTRAINT holidays_no_overlap
  EXCLUDE USING gist (school_id WITH =, session_id WITH =, daterange(start_date, end_date, '[]') WITH &&);
--> statement-breakpoint
ALTER TABLE holidays ADD CONSTRAINT holidays_dates_ck CHECK (end_date >= start_date);
--> statement-breakpoint
-- A cell names its class and that class's session, a period of the same session, and a subject of
-- that class: removing the subject from the class or the class removes its cells; a period in use
-- cannot be removed.
ALTER TABLE timetable_entries ADD CONSTRAINT timetable_class_fk
  FOREIGN KEY (class_id, session_id) REFERENCES classes (id, session_id) ON DELETE CASCADE ON UPDATE CASCADE;
--> statement-breakpoint
ALTER TABLE timetable_entries ADD CONSTRAINT timetable_period_fk
  FOREIGN KEY (period_id, session_id) REFERENCES periods (id, session_id);
--> statement-breakpoint
ALTER TABLE timetable_entries ADD CONSTRAINT timetable_subject_fk
  FOREIGN KEY (class_id, subject_id) REFERENCES class_subjects (class_id, subject_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE timetable_entries ADD CONSTRAINT timetable_day_ck CHECK (day BETWEEN 1 AND 7);
--> statement-breakpoint
ALTER TABLE attendance_marks ADD CONSTRAINT attendance_class_fk
  FOREIGN KEY (class_id, session_id) REFERENCES classes (id, session_id) ON DELETE CASCADE ON UPDATE CASCADE;
--> statement-breakpoint
ALTER TABLE attendance_marks ADD CONSTRAINT attendance_period_fk
  FOREIGN KEY (period_id, session_id) REFERENCES periods (id, session_id);
--> statement-breakpoint
ALTER TABLE attendance_marks ADD CONSTRAINT attendance_status_ck CHECK (status IN ('present', 'absent', 'late', 'leave'));
--> statement-breakpoint
ALTER TABLE attendance_logs ADD CONSTRAINT attendance_logs_class_fk
  FOREIGN KEY (class_id, session_id) REFERENCES classes (id, session_id) ON DELETE CASCADE ON UPDATE CASCADE;
--> statement-breakpoint
ALTER TABLE attendance_logs ADD CONSTRAINT attendance_logs_kind_ck CHECK (kind IN ('daywise', 'periodwise'));
--> statement-breakpoint
ALTER TABLE periods ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE periods FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON periods USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE timetable_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE timetable_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON timetable_entries USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE holidays ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE holidays FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON holidays USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE attendance_marks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_marks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON attendance_marks USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE attendance_logs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_logs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON attendance_logs USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE attendance_alerts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_alerts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON attendance_alerts USING (school_id = app_school()) WITH CHECK (school_id = app_school());
