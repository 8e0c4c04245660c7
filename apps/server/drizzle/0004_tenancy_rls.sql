-- Tenancy as a wall: row-level security on every school-owned table, forced for the table owner
-- too, keyed on the transaction-local setting app.tenant (a school's uuid). The app's connections
-- work as the role shala_app, which owns nothing and cannot bypass row-level security. The one
-- explicit cross-school path (the platform owner, sign-in, seeding) switches, for one statement or
-- transaction, to shala_platform, which bypasses it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'shala_app') THEN
    CREATE ROLE shala_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'shala_platform') THEN
    CREATE ROLE shala_platform NOLOGIN NOSUPERUSER BYPASSRLS NOINHERIT;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another database of this cluster created them at the same moment
END $$;
--> statement-breakpoint
GRANT shala_app TO CURRENT_USER;
--> statement-breakpoint
GRANT shala_platform TO shala_app;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO shala_platform;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO shala_platform;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO shala_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO shala_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO shala_platform;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO shala_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO shala_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO shala_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO shala_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO shala_app;
--> statement-breakpoint
-- The school the current statement acts for (null when none is set: no row matches). Inlined by
-- the planner, so `school_id = app_school()` is an index condition with a normal estimate.
CREATE OR REPLACE FUNCTION app_school() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.tenant', true), '')::uuid $$;
--> statement-breakpoint
-- Row-level security lets an index serve a condition only through leakproof operators. LIKE is
-- leakproof in fact (its errors speak of the pattern, never of the data), so that the trigram index
-- serves people search under the tenant policy. Only a superuser may say so; elsewhere search
-- still works, as a scan of the school's own rows.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
  END IF;
END $$;
--> statement-breakpoint
UPDATE auth_sessions a SET school_id = u.school_id FROM users u WHERE u.id = a.user_id;
--> statement-breakpoint
UPDATE login_id_counters c SET school_id = s.id FROM schools s WHERE upper(c.prefix) LIKE upper(s.code) || '-_';
--> statement-breakpoint
INSERT INTO school_counts (school_id, role_id, active, n)
  SELECT school_id, role_id, status, count(*) FROM users WHERE school_id IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT (school_id, role_id, active) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
-- school_counts follows users in the same transaction, one upsert per (school, role, status) a
-- statement changes; an update that changes none of them (a sign-in's last_login_at) writes nothing.
CREATE OR REPLACE FUNCTION users_count_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO school_counts AS c (school_id, role_id, active, n)
      SELECT school_id, role_id, status, count(*) FROM new_rows WHERE school_id IS NOT NULL GROUP BY 1, 2, 3
      ON CONFLICT (school_id, role_id, active) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO school_counts AS c (school_id, role_id, active, n)
      SELECT school_id, role_id, status, -count(*) FROM old_rows WHERE school_id IS NOT NULL GROUP BY 1, 2, 3
      ON CONFLICT (school_id, role_id, active) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO school_counts AS c (school_id, role_id, active, n)
      SELECT k.school_id, k.role_id, k.active, sum(k.d) FROM (
        SELECT school_id, role_id, status AS active, 1 AS d FROM new_rows
        UNION ALL
        SELECT school_id, role_id, status, -1 FROM old_rows
      ) k
      WHERE k.school_id IS NOT NULL GROUP BY 1, 2, 3 HAVING sum(k.d) <> 0
      ON CONFLICT (school_id, role_id, active) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_count_trigger();
--> statement-breakpoint
CREATE TRIGGER users_count_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_count_trigger();
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_count_trigger();
--> statement-breakpoint
ALTER TABLE schools ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schools FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON schools USING (id = app_school()) WITH CHECK (id = app_school());
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON users USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE academic_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE academic_sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON academic_sessions USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE classes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE classes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON classes USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON notifications USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE school_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE school_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON school_counts USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
ALTER TABLE login_id_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE login_id_counters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON login_id_counters USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
-- A school may revoke its users' sessions; finding a session by its token is the platform's path.
ALTER TABLE auth_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE auth_sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON auth_sessions USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
-- One-time codes belong to the sign-in path, which is the platform's: no policy, so no school sees them.
ALTER TABLE otp_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE otp_codes FORCE ROW LEVEL SECURITY;
