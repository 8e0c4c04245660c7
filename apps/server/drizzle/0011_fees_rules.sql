-- Fees: the rules the database keeps, and the tenant wall on the new tables.

ALTER TABLE fee_types ADD CONSTRAINT fee_types_kind_ck CHECK (kind IN ('amount', 'percent'));
--> statement-breakpoint
ALTER TABLE fee_types ADD CONSTRAINT fee_types_value_ck CHECK (value <> 0 AND (kind = 'amount' OR value BETWEEN -10000 AND 10000));
--> statement-breakpoint
-- A class fee names its class and that class's session; removing the class removes its fee.
ALTER TABLE class_fees ADD CONSTRAINT class_fees_class_fk
  FOREIGN KEY (class_id, session_id) REFERENCES classes (id, session_id) ON DELETE CASCADE ON UPDATE CASCADE;
--> statement-breakpoint
ALTER TABLE class_fees ADD CONSTRAINT class_fees_amounts_ck CHECK (
  academic >= 0 AND convenience >= 0 AND development >= 0 AND tuition >= 0 AND other >= 0
  AND tax_bp BETWEEN 0 AND 10000 AND total >= 0);
--> statement-breakpoint
-- A fee record names the student's place in a class of the session: moving the student to
-- another section moves its record with it; a student with a fee record is not taken out of its
-- class (remove the record first, while nothing is paid).
CREATE UNIQUE INDEX class_students_place_uq ON class_students (school_id, session_id, student_id, class_id);
--> statement-breakpoint
ALTER TABLE fee_records ADD CONSTRAINT fee_records_place_fk
  FOREIGN KEY (school_id, session_id, student_id, class_id)
  REFERENCES class_students (school_id, session_id, student_id, class_id) ON UPDATE CASCADE;
--> statement-breakpoint
ALTER TABLE fee_records ADD CONSTRAINT fee_records_amounts_ck CHECK (class_fee >= 0 AND total >= 0 AND paid >= 0 AND paid <= total);
--> statement-breakpoint
ALTER TABLE fee_instalments ADD CONSTRAINT fee_instalments_record_fk
  FOREIGN KEY (fee_record_id, school_id) REFERENCES fee_records (id, school_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE fee_instalments ADD CONSTRAINT fee_instalments_amount_ck CHECK (amount > 0 AND seq > 0);
--> statement-breakpoint
-- A payment's record cannot be removed (receipts are never lost); a replaced instalment leaves
-- its reversed payments with their number.
ALTER TABLE fee_payments ADD CONSTRAINT fee_payments_record_fk
  FOREIGN KEY (fee_record_id, school_id) REFERENCES fee_records (id, school_id);
--> statement-breakpoint
ALTER TABLE fee_payments ADD CONSTRAINT fee_payments_instalment_fk
  FOREIGN KEY (instalment_id) REFERENCES fee_instalments (id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE fee_payments ADD CONSTRAINT fee_payments_session_fk
  FOREIGN KEY (session_id) REFERENCES academic_sessions (id);
--> statement-breakpoint
ALTER TABLE fee_payments ADD CONSTRAINT fee_payments_values_ck CHECK (
  amount > 0 AND receipt_no > 0 AND mode IN ('cash', 'upi', 'cheque', 'bank_transfer')
  AND (reversed_at IS NULL) = (reversal_reason IS NULL));
--> statement-breakpoint
ALTER TABLE fee_receipt_counters ADD CONSTRAINT fee_receipt_counters_session_fk
  FOREIGN KEY (session_id) REFERENCES academic_sessions (id);
--> statement-breakpoint
ALTER TABLE fee_alerts ADD CONSTRAINT fee_alerts_instalment_fk
  FOREIGN KEY (instalment_id, school_id) REFERENCES fee_instalments (id, school_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE fee_alerts ADD CONSTRAINT fee_alerts_kind_ck CHECK (kind IN ('due_soon', 'overdue'));
--> statement-breakpoint
ALTER TABLE fee_types ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fee_types FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON fee_types USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE class_fees ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE class_fees FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON class_fees USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE fee_records ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fee_records FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON fee_records USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE fee_instalments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fee_instalments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON fee_instalments USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE fee_payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fee_payments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON fee_payments USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE fee_receipt_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fee_receipt_counters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON fee_receipt_counters USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE fee_alerts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fee_alerts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON fee_alerts USING (school_id = app_school()) WITH CHECK (school_id = app_school());
