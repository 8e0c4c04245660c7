-- Issue 39: a fee counter batch id belongs to one student (the key refuses a second student, even racing).
CREATE TABLE "fee_counter_batches" (
	"school_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_counter_batches_pk" PRIMARY KEY("school_id","batch_id")
);
--> statement-breakpoint
ALTER TABLE "fee_counter_batches" ADD CONSTRAINT "fee_counter_batches_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_counter_batches" ADD CONSTRAINT "fee_counter_batches_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE fee_counter_batches ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fee_counter_batches FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON fee_counter_batches USING (school_id = app_school()) WITH CHECK (school_id = app_school());
