CREATE TABLE "exam_class_publications" (
	"school_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" uuid,
	"reason" text,
	CONSTRAINT "exam_class_publications_pk" PRIMARY KEY("school_id","exam_id","class_id")
);
--> statement-breakpoint
ALTER TABLE "exam_class_publications" ADD CONSTRAINT "exam_class_publications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_class_publications" ADD CONSTRAINT "exam_class_publications_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_class_publications" ADD CONSTRAINT "exam_class_publications_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_class_publications" ADD CONSTRAINT "exam_class_publications_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_class_publications_class_idx" ON "exam_class_publications" USING btree ("school_id","class_id");--> statement-breakpoint
ALTER TABLE "exam_class_publications" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "exam_class_publications" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON "exam_class_publications" USING (school_id = app_school()) WITH CHECK (school_id = app_school());
--> statement-breakpoint
-- An exam published before classes were published one by one: every class of its session is.
-- Row-level security is forced for the owner too, so it is lifted for this copy and put back at once.
ALTER TABLE "exam_class_publications" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "exams" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "classes" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO "exam_class_publications" ("school_id", "exam_id", "class_id", "published_at", "published_by")
  SELECT e."school_id", e."id", c."id", e."published_at", e."published_by"
  FROM "exams" e JOIN "classes" c ON c."school_id" = e."school_id" AND c."session_id" = e."session_id"
  WHERE e."status" = 'published';
--> statement-breakpoint
ALTER TABLE "classes" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "exams" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "exam_class_publications" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- An exam's results published with marks missing, or withdrawn: recorded for each student of the classes.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_ck;
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_ck CHECK (action IN ('view', 'create', 'edit', 'status', 'export', 'erase', 'consent_given', 'consent_withdrawn', 'results_published', 'results_withdrawn'));
