-- Registers and certificates (issue 26): a student's register entry (admission number, UDISE+
-- fields, leaving), the admission and certificate counters, certificates with their verification
-- tokens, ID cards and their batches. Every student gets an admission number from the school's
-- counter in the transaction that creates it (the trigger below); the students already there are
-- numbered in the order they were created.
CREATE TABLE "admission_counters" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"last_no" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_counters" (
	"school_id" uuid NOT NULL,
	"type" text NOT NULL,
	"last_no" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "certificate_counters_pk" PRIMARY KEY("school_id","type")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"type" text NOT NULL,
	"number" integer NOT NULL,
	"student_id" uuid NOT NULL,
	"session_id" uuid,
	"body" jsonb NOT NULL,
	"amount" bigint,
	"token" text NOT NULL,
	"shared_with_parent" boolean DEFAULT true NOT NULL,
	"prints" integer DEFAULT 0 NOT NULL,
	"issued_on" date NOT NULL,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text
);
--> statement-breakpoint
CREATE TABLE "id_card_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"class_id" uuid,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"without_photo" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_name" text,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "id_cards" (
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token" text NOT NULL,
	"issued_on" date NOT NULL,
	CONSTRAINT "id_cards_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "student_records" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"admission_no" text,
	"admission_no_auto" boolean DEFAULT false NOT NULL,
	"admission_date" date,
	"pen" text,
	"apaar_id" text,
	"mother_tongue" text,
	"minority_group" text DEFAULT 'none' NOT NULL,
	"bpl" boolean DEFAULT false NOT NULL,
	"cwsn" boolean DEFAULT false NOT NULL,
	"cwsn_type" text,
	"aadhaar_last4" text,
	"nationality" text,
	"father_name" text,
	"left_on" date,
	"leaving_reason" text,
	"leaving_certificate_id" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone,
	CONSTRAINT "student_records_pk" PRIMARY KEY("school_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "admission_counters" ADD CONSTRAINT "admission_counters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_counters" ADD CONSTRAINT "certificate_counters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_card_batches" ADD CONSTRAINT "id_card_batches_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_card_batches" ADD CONSTRAINT "id_card_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_cards" ADD CONSTRAINT "id_cards_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_cards" ADD CONSTRAINT "id_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_records" ADD CONSTRAINT "student_records_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_records" ADD CONSTRAINT "student_records_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_records" ADD CONSTRAINT "student_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_uq" ON "certificates" USING btree ("school_id","type","number");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_token_uq" ON "certificates" USING btree ("token");--> statement-breakpoint
CREATE INDEX "certificates_school_idx" ON "certificates" USING btree ("school_id","created_at","id");--> statement-breakpoint
CREATE INDEX "certificates_student_idx" ON "certificates" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_live_tc_uq" ON "certificates" USING btree ("school_id","student_id") WHERE "certificates"."type" = 'tc' and "certificates"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "id_card_batches_school_idx" ON "id_card_batches" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "id_cards_token_uq" ON "id_cards" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "student_records_admission_uq" ON "student_records" USING btree ("school_id",lower("admission_no")) WHERE "student_records"."admission_no" is not null;

--> statement-breakpoint
ALTER TABLE student_records ADD CONSTRAINT student_records_values_ck CHECK (
  (aadhaar_last4 IS NULL OR aadhaar_last4 ~ '^[0-9]{4}$')
  AND (pen IS NULL OR pen ~ '^[0-9]{11}$')
  AND (apaar_id IS NULL OR apaar_id ~ '^[0-9]{12}$')
  AND minority_group IN ('none', 'muslim', 'christian', 'sikh', 'buddhist', 'parsi', 'jain')
  AND (cwsn_type IS NULL OR cwsn_type IN ('blindness', 'low_vision', 'hearing', 'speech_language', 'locomotor', 'intellectual', 'learning', 'autism', 'cerebral_palsy', 'multiple', 'other'))
  AND (cwsn OR cwsn_type IS NULL)
  AND (admission_no IS NOT NULL OR NOT admission_no_auto));
--> statement-breakpoint
ALTER TABLE certificates ADD CONSTRAINT certificates_values_ck CHECK (
  type IN ('tc', 'bonafide', 'character', 'feecert') AND number > 0 AND prints >= 0
  AND (cancelled_at IS NULL) = (cancel_reason IS NULL) AND (amount IS NULL OR amount >= 0));
--> statement-breakpoint
ALTER TABLE certificate_counters ADD CONSTRAINT certificate_counters_type_ck CHECK (type IN ('tc', 'bonafide', 'character', 'feecert') AND last_no >= 0);
--> statement-breakpoint
ALTER TABLE id_card_batches ADD CONSTRAINT id_card_batches_values_ck CHECK (kind IN ('students', 'staff') AND status IN ('queued', 'working', 'done', 'failed') AND lang IN ('en', 'hi'));
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['student_records', 'admission_counters', 'certificates', 'certificate_counters', 'id_cards', 'id_card_batches'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (school_id = app_school()) WITH CHECK (school_id = app_school())', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The students already there, numbered per school in the order they were created.
SET LOCAL ROLE shala_platform;
--> statement-breakpoint
INSERT INTO student_records (school_id, student_id, admission_no, admission_no_auto)
SELECT u.school_id, u.id, (row_number() OVER (PARTITION BY u.school_id ORDER BY u.created_at, u.login_id))::text, true
FROM users u WHERE u.role_id = 116 AND u.school_id IS NOT NULL;
--> statement-breakpoint
INSERT INTO admission_counters (school_id, last_no)
SELECT school_id, count(*)::int FROM student_records GROUP BY school_id;
--> statement-breakpoint
RESET ROLE;
--> statement-breakpoint
-- Every student created (by hand, by import, by a seed) gets the next free admission numbers of
-- its school's counter, in the same transaction: the counter's row lock makes them gapless, and a
-- number entered by hand for a pupil admitted before Shala is skipped, never given twice.
CREATE FUNCTION admit_students() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  s record;
  last integer;
BEGIN
  FOR s IN SELECT school_id, count(*)::int AS n FROM new_users WHERE role_id = 116 AND school_id IS NOT NULL GROUP BY school_id LOOP
    INSERT INTO admission_counters (school_id, last_no) VALUES (s.school_id, 0) ON CONFLICT (school_id) DO NOTHING;
    SELECT c.last_no INTO last FROM admission_counters c WHERE c.school_id = s.school_id FOR UPDATE;
    WITH taken AS (
      SELECT r.admission_no::bigint AS no FROM student_records r
      WHERE r.school_id = s.school_id AND r.admission_no ~ '^[1-9][0-9]{0,8}$' AND r.admission_no::bigint > last
    ), free AS (
      SELECT g AS no, row_number() OVER (ORDER BY g) AS k
      FROM generate_series(last + 1, last + s.n + (SELECT count(*) FROM taken)::int) g
      WHERE g NOT IN (SELECT no FROM taken)
    ), admitted AS (
      SELECT u.id, row_number() OVER (ORDER BY u.login_id) AS k FROM new_users u WHERE u.school_id = s.school_id AND u.role_id = 116
    ), ins AS (
      INSERT INTO student_records (school_id, student_id, admission_no, admission_no_auto)
      SELECT s.school_id, a.id, f.no::text, true FROM admitted a JOIN free f USING (k)
      RETURNING admission_no
    )
    UPDATE admission_counters SET last_no = (SELECT max(admission_no::int) FROM ins) WHERE school_id = s.school_id AND EXISTS (SELECT 1 FROM ins);
  END LOOP;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER users_admit_students AFTER INSERT ON users REFERENCING NEW TABLE AS new_users FOR EACH STATEMENT EXECUTE FUNCTION admit_students();
--> statement-breakpoint
-- A certificate issued or cancelled is in the audit log of its student.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_ck;
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_ck CHECK (action IN ('view', 'create', 'edit', 'status', 'export', 'erase', 'consent_given', 'consent_withdrawn', 'results_published', 'results_withdrawn', 'certificate_issued', 'certificate_cancelled'));
--> statement-breakpoint
-- The parent's consent to a child's APAAR id (given on the signed form, recorded by the school).
ALTER TABLE consent_records DROP CONSTRAINT consent_records_purpose_ck;
--> statement-breakpoint
ALTER TABLE consent_records ADD CONSTRAINT consent_records_purpose_ck CHECK (purpose IN ('data', 'whatsapp', 'apaar'));
