-- Issue 42: duties beyond a role (the arrangement register kept by a teacher: the arrangement in-charge).
CREATE TABLE "staff_duties" (
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"duty" text NOT NULL,
	"granted_by" uuid,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_duties_pk" PRIMARY KEY("school_id","user_id","duty")
);
--> statement-breakpoint
ALTER TABLE "staff_duties" ADD CONSTRAINT "staff_duties_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_duties" ADD CONSTRAINT "staff_duties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_duties" ADD CONSTRAINT "staff_duties_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE staff_duties ADD CONSTRAINT staff_duties_duty_ck CHECK (duty IN ('arrangement'));
--> statement-breakpoint
ALTER TABLE staff_duties ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE staff_duties FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON staff_duties USING (school_id = app_school()) WITH CHECK (school_id = app_school());
