-- Issue 25: a day closed at the fee counter with the cash counted (each closing kept; the latest counts).
CREATE TABLE "fee_cash_closings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"day" date NOT NULL,
	"pieces" jsonb NOT NULL,
	"counted" bigint NOT NULL,
	"expected" bigint NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fee_cash_closings" ADD CONSTRAINT "fee_cash_closings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_cash_closings" ADD CONSTRAINT "fee_cash_closings_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_cash_closings_day_idx" ON "fee_cash_closings" USING btree ("school_id","day","closed_at");
--> statement-breakpoint
ALTER TABLE fee_cash_closings ADD CONSTRAINT fee_cash_closings_values_ck CHECK (counted >= 0 AND expected >= 0 AND jsonb_typeof(pieces) = 'object');
--> statement-breakpoint
ALTER TABLE fee_cash_closings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fee_cash_closings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON fee_cash_closings USING (school_id = app_school()) WITH CHECK (school_id = app_school());
