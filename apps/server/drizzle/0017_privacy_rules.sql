-- Children's data rights: the rules the database keeps, and the tenant wall on the new tables.

ALTER TABLE consent_records ADD CONSTRAINT consent_records_action_ck CHECK (action IN ('given', 'withdrawn') AND (action = 'withdrawn' OR processing));
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_ck CHECK (action IN ('view', 'create', 'edit', 'status', 'export', 'erase', 'consent_given', 'consent_withdrawn'));
--> statement-breakpoint
ALTER TABLE consent_records ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE consent_records FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON consent_records USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON audit_log USING (school_id = app_school()) WITH CHECK (school_id = app_school());
