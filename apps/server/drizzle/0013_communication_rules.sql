-- Communication: the rules the database keeps, and the tenant wall on the new tables.

-- A notice names at least one role, each of 112–116.
ALTER TABLE notices ADD CONSTRAINT notices_roles_ck CHECK (cardinality(roles) >= 1 AND roles <@ ARRAY[112, 113, 114, 115, 116]::smallint[]);
--> statement-breakpoint
ALTER TABLE class_works ADD CONSTRAINT class_works_due_ck CHECK (due_date IS NULL OR due_date >= date);
--> statement-breakpoint
ALTER TABLE class_work_files ADD CONSTRAINT class_work_files_position_ck CHECK (position BETWEEN 1 AND 5);
--> statement-breakpoint
-- One row per pair, kept in order; nobody talks to itself.
ALTER TABLE chat_conversations ADD CONSTRAINT chat_conversations_order_ck CHECK (user_a < user_b);
--> statement-breakpoint
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_pair_ck CHECK (sender_id <> recipient_id);
--> statement-breakpoint
ALTER TABLE notices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON notices USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE class_works ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE class_works FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON class_works USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE class_work_files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE class_work_files FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON class_work_files USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE chat_conversations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE chat_conversations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON chat_conversations USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE chat_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE chat_messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON chat_messages USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE push_subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE push_subscriptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON push_subscriptions USING (school_id = app_school()) WITH CHECK (school_id = app_school());
