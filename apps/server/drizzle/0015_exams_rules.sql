-- Exams: the rules the database keeps, and the tenant wall on the new tables.

ALTER TABLE exam_schemes ADD CONSTRAINT exam_schemes_pass_ck CHECK (pass_percent BETWEEN 0 AND 100);
--> statement-breakpoint
ALTER TABLE exams ADD CONSTRAINT exams_status_ck CHECK (status IN ('draft', 'locked', 'published'));
--> statement-breakpoint
ALTER TABLE exams ADD CONSTRAINT exams_numbers_ck CHECK (weight BETWEEN 0 AND 100 AND max_marks BETWEEN 1 AND 1000 AND term_end >= term_start);
--> statement-breakpoint
-- A locked or published exam says when and by whom; a published one was locked.
ALTER TABLE exams ADD CONSTRAINT exams_lock_ck CHECK ((status = 'draft') = (locked_at IS NULL) AND (status = 'published') = (published_at IS NOT NULL));
--> statement-breakpoint
ALTER TABLE exam_subject_max ADD CONSTRAINT exam_subject_max_ck CHECK (max_marks BETWEEN 1 AND 1000);
--> statement-breakpoint
ALTER TABLE exam_marks ADD CONSTRAINT exam_marks_status_ck CHECK (status IN ('marked', 'absent', 'exempt') AND (status = 'marked') = (marks IS NOT NULL) AND (marks IS NULL OR marks >= 0));
--> statement-breakpoint
-- A mark names its exam and its class of the same session, and the student's place in that class:
-- moving the student to another section moves its marks; a student with marks stays in its class.
ALTER TABLE exam_marks ADD CONSTRAINT exam_marks_exam_fk
  FOREIGN KEY (exam_id, session_id) REFERENCES exams (id, session_id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE exam_marks ADD CONSTRAINT exam_marks_class_fk
  FOREIGN KEY (class_id, session_id) REFERENCES classes (id, session_id) ON DELETE CASCADE ON UPDATE CASCADE;
--> statement-breakpoint
ALTER TABLE exam_marks ADD CONSTRAINT exam_marks_place_fk
  FOREIGN KEY (school_id, session_id, student_id, class_id)
  REFERENCES class_students (school_id, session_id, student_id, class_id) ON UPDATE CASCADE;
--> statement-breakpoint
ALTER TABLE exam_notes ADD CONSTRAINT exam_notes_exam_fk
  FOREIGN KEY (exam_id, session_id) REFERENCES exams (id, session_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE exam_notes ADD CONSTRAINT exam_notes_class_fk
  FOREIGN KEY (class_id, session_id) REFERENCES classes (id, session_id) ON DELETE CASCADE ON UPDATE CASCADE;
--> statement-breakpoint
ALTER TABLE exam_notes ADD CONSTRAINT exam_notes_place_fk
  FOREIGN KEY (school_id, session_id, student_id, class_id)
  REFERENCES class_students (school_id, session_id, student_id, class_id) ON UPDATE CASCADE ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE exam_notes ADD CONSTRAINT exam_notes_remark_ck CHECK (remark IS NULL OR length(remark) <= 500);
--> statement-breakpoint
ALTER TABLE report_card_batches ADD CONSTRAINT report_card_batches_ck CHECK (lang IN ('en', 'hi') AND status IN ('queued', 'running', 'done', 'failed'));
--> statement-breakpoint
ALTER TABLE report_card_batches ADD CONSTRAINT report_card_batches_class_fk
  FOREIGN KEY (class_id, session_id) REFERENCES classes (id, session_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE exam_schemes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE exam_schemes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON exam_schemes USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE exams ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE exams FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON exams USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE exam_subject_max ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE exam_subject_max FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON exam_subject_max USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE exam_marks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE exam_marks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON exam_marks USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE exam_mark_corrections ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE exam_mark_corrections FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON exam_mark_corrections USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE exam_notes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE exam_notes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON exam_notes USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE report_card_batches ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE report_card_batches FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON report_card_batches USING (school_id = app_school()) WITH CHECK (school_id = app_school());
