CREATE TABLE "read_versions" (
	"school_id" uuid NOT NULL,
	"key" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "read_versions_school_id_key_pk" PRIMARY KEY("school_id","key")
);
--> statement-breakpoint
-- Stored heavy reads (db/versions.ts): a class's results and report cards, a class's month of
-- attendance. Each is kept per version of its inputs; the triggers below bump those versions in
-- the transaction that changes the inputs, so a reader that finds the version a copy was made at
-- knows the copy is current, on any node. Versions come from one sequence: a key never returns
-- to an earlier value, even after its row is gone.
CREATE SEQUENCE read_version_seq;
--> statement-breakpoint
ALTER TABLE read_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE read_versions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON read_versions USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
-- Forced like every school table: a migration that moves data in a table below runs
-- `SET LOCAL ROLE shala_platform` first (modules/README.md), and its bumps pass with it.
-- TG_ARGV: the column naming the school ('school_id', or 'id' on schools), then either one key
-- ('school') or the column of an id followed by the prefixes to bump for it ('class_id', 'class:', 'att:').
CREATE OR REPLACE FUNCTION read_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  school text := TG_ARGV[0];
  keys text;
  rows text;
BEGIN
  IF TG_NARGS = 2 THEN
    keys := format('SELECT %I AS school_id, %L AS k FROM %%s', school, TG_ARGV[1]);
  ELSE
    keys := '';
    FOR i IN 2 .. TG_NARGS - 1 LOOP
      keys := keys || CASE WHEN i > 2 THEN ' UNION ALL ' ELSE '' END
        || format('SELECT %I AS school_id, %L || %I::text AS k FROM %%1$s', school, TG_ARGV[i], TG_ARGV[1]);
    END LOOP;
  END IF;
  rows := CASE TG_OP
    WHEN 'INSERT' THEN format(keys, 'new_rows')
    WHEN 'DELETE' THEN format(keys, 'old_rows')
    ELSE format(keys, 'new_rows') || ' UNION ALL ' || format(keys, 'old_rows')
  END;
  EXECUTE 'INSERT INTO read_versions AS v (school_id, key, version)
    SELECT school_id, k, nextval(''read_version_seq'') FROM (SELECT DISTINCT school_id, k FROM (' || rows || ') r WHERE school_id IS NOT NULL) d
    ON CONFLICT (school_id, key) DO UPDATE SET version = excluded.version';
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A person's name, login id, birth date or parent is on results, cards and month grids: bumped per
-- row, only when one of those changes (a sign-in's last_login_at bumps nothing).
CREATE OR REPLACE FUNCTION read_versions_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.school_id IS NOT NULL THEN
    INSERT INTO read_versions (school_id, key, version) VALUES (NEW.school_id, 'school', nextval('read_version_seq'))
      ON CONFLICT (school_id, key) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER read_versions_person AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.login_id IS DISTINCT FROM NEW.login_id OR OLD.date_of_birth IS DISTINCT FROM NEW.date_of_birth
    OR OLD.parent_user_id IS DISTINCT FROM NEW.parent_user_id)
  EXECUTE FUNCTION read_versions_person();
--> statement-breakpoint
DO $$
DECLARE
  t record;
  op text;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('exam_marks', '''school_id'', ''class_id'', ''class:'''),
    ('exam_notes', '''school_id'', ''class_id'', ''class:'''),
    ('exam_class_publications', '''school_id'', ''class_id'', ''class:'''),
    ('class_subjects', '''school_id'', ''class_id'', ''class:'''),
    ('class_students', '''school_id'', ''class_id'', ''class:'', ''att:'''),
    ('classes', '''school_id'', ''id'', ''class:'', ''att:'''),
    ('attendance_marks', '''school_id'', ''class_id'', ''att:'''),
    ('exams', '''school_id'', ''school'''),
    ('exam_subject_max', '''school_id'', ''school'''),
    ('exam_schemes', '''school_id'', ''school'''),
    ('subjects', '''school_id'', ''school'''),
    ('academic_sessions', '''school_id'', ''school'''),
    ('holidays', '''school_id'', ''school'''),
    ('schools', '''id'', ''school''')
  ) AS x(tbl, args) LOOP
    FOREACH op IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      CONTINUE WHEN t.tbl = 'schools' AND op <> 'UPDATE';
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION read_versions_bump(%s)',
        'read_versions_' || lower(op), op, t.tbl,
        CASE op WHEN 'INSERT' THEN 'NEW TABLE AS new_rows' WHEN 'DELETE' THEN 'OLD TABLE AS old_rows' ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END,
        t.args);
    END LOOP;
  END LOOP;
END $$;
