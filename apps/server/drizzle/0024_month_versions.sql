-- A class's month of attendance is kept per month (db/versions.ts, issue 23): saving one day's
-- marks redraws that month only, not every month of the class (at 9 am every class saves today
-- while others read last month). Attendance marks bump 'att:<class>' (a report card counts the
-- whole session) and 'att:<class>:<YYYY-MM>' of each month they touch; a class's students and the
-- class itself bump 'roll:<class>' beside 'class:' and 'att:' (a month depends on who is in the
-- class, not on their marks of other months).
CREATE OR REPLACE FUNCTION read_versions_attendance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text := 'SELECT school_id, k FROM %1$s, LATERAL (VALUES (''att:'' || class_id), (''att:'' || class_id || '':'' || to_char(date, ''YYYY-MM''))) x(k)';
  rows text;
BEGIN
  rows := CASE TG_OP
    WHEN 'INSERT' THEN format(keys, 'new_rows')
    WHEN 'DELETE' THEN format(keys, 'old_rows')
    ELSE format(keys, 'new_rows') || ' UNION ALL ' || format(keys, 'old_rows')
  END;
  EXECUTE 'INSERT INTO read_versions (school_id, key, version)
    SELECT school_id, k, nextval(''read_version_seq'') FROM (SELECT DISTINCT school_id, k FROM (' || rows || ') r WHERE school_id IS NOT NULL) d
    ON CONFLICT (school_id, key) DO UPDATE SET version = excluded.version';
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t record;
  op text;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('attendance_marks', 'read_versions_attendance()'),
    ('class_students', 'read_versions_bump(''school_id'', ''class_id'', ''class:'', ''att:'', ''roll:'')'),
    ('classes', 'read_versions_bump(''school_id'', ''id'', ''class:'', ''att:'', ''roll:'')')
  ) AS x(tbl, fn) LOOP
    FOREACH op IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', 'read_versions_' || lower(op), t.tbl);
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION %s',
        'read_versions_' || lower(op), op, t.tbl,
        CASE op WHEN 'INSERT' THEN 'NEW TABLE AS new_rows' WHEN 'DELETE' THEN 'OLD TABLE AS old_rows' ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END,
        t.fn);
    END LOOP;
  END LOOP;
END $$;
