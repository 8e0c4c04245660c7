CREATE TABLE "mobile_code_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"user_id" uuid,
	"mobile" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mobile_code_sends" ADD CONSTRAINT "mobile_code_sends_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_code_sends" ADD CONSTRAINT "mobile_code_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobile_code_sends_school_day_idx" ON "mobile_code_sends" USING btree ("school_id","day");--> statement-breakpoint
CREATE INDEX "mobile_code_sends_mobile_day_idx" ON "mobile_code_sends" USING btree ("mobile","day");--> statement-breakpoint
-- Issue 39: every mobile verification code sent, counted per number (across schools, on the platform's path) and per school a day.
ALTER TABLE mobile_code_sends ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE mobile_code_sends FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON mobile_code_sends USING (school_id = app_school()) WITH CHECK (school_id = app_school());
