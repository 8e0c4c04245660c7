-- Fees paid online, UPI claims and late fees (issue 25): a school's payment settings (its gateway
-- keys sealed), the gateway orders parents open, UPI references waiting for the office, late-fee
-- rules and the late fees the daily job assesses; a payment records its late fee, its batch (one
-- order, one collection at the counter) and a gateway refund made with its reversal.
CREATE TABLE "fee_late_fees" (
	"school_id" uuid NOT NULL,
	"instalment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"assessed_on" date NOT NULL,
	"waived_at" timestamp with time zone,
	"waived_by" uuid,
	"waive_reason" text,
	CONSTRAINT "fee_late_fees_pk" PRIMARY KEY("school_id","instalment_id")
);
--> statement-breakpoint
CREATE TABLE "fee_late_rules" (
	"school_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"after_days" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"cap" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_late_rules_pk" PRIMARY KEY("school_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "fee_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"gateway_order_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"gateway_payment_id" text,
	"method" text,
	"reason" text,
	"refund_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fee_upi_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"instalment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"payment_id" uuid
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"razorpay_key_id" text,
	"secrets" text,
	"secret_hint" text,
	"hook_token" text,
	"demo" boolean DEFAULT false NOT NULL,
	"upi_vpa" text,
	"upi_name" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fee_payments" ADD COLUMN "late_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD COLUMN "refund_amount" bigint;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "fee_late_fees" ADD CONSTRAINT "fee_late_fees_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_late_fees" ADD CONSTRAINT "fee_late_fees_waived_by_users_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_late_rules" ADD CONSTRAINT "fee_late_rules_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_late_rules" ADD CONSTRAINT "fee_late_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_orders" ADD CONSTRAINT "fee_orders_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_orders" ADD CONSTRAINT "fee_orders_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_orders" ADD CONSTRAINT "fee_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_upi_claims" ADD CONSTRAINT "fee_upi_claims_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_upi_claims" ADD CONSTRAINT "fee_upi_claims_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_upi_claims" ADD CONSTRAINT "fee_upi_claims_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_upi_claims" ADD CONSTRAINT "fee_upi_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_orders_gateway_uq" ON "fee_orders" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE INDEX "fee_orders_school_idx" ON "fee_orders" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_orders_unmatched_idx" ON "fee_orders" USING btree ("school_id") WHERE "fee_orders"."status" = 'unmatched';--> statement-breakpoint
CREATE UNIQUE INDEX "fee_upi_claims_pending_uq" ON "fee_upi_claims" USING btree ("school_id","instalment_id") WHERE "fee_upi_claims"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "fee_upi_claims_school_idx" ON "fee_upi_claims" USING btree ("school_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_settings_hook_token_uq" ON "payment_settings" USING btree ("hook_token");--> statement-breakpoint
CREATE INDEX "fee_payments_batch_idx" ON "fee_payments" USING btree ("school_id","batch_id") WHERE "fee_payments"."batch_id" is not null;
--> statement-breakpoint
ALTER TABLE fee_late_fees ADD CONSTRAINT fee_late_fees_instalment_fk FOREIGN KEY (instalment_id, school_id) REFERENCES fee_instalments (id, school_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE fee_upi_claims ADD CONSTRAINT fee_upi_claims_instalment_fk FOREIGN KEY (instalment_id, school_id) REFERENCES fee_instalments (id, school_id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE fee_late_fees ADD CONSTRAINT fee_late_fees_amount_ck CHECK (amount >= 0);
--> statement-breakpoint
ALTER TABLE fee_late_rules ADD CONSTRAINT fee_late_rules_kind_ck CHECK (kind IN ('fixed', 'per_day', 'percent') AND after_days >= 0 AND amount >= 0 AND percent_bp >= 0 AND (cap IS NULL OR cap >= 0));
--> statement-breakpoint
ALTER TABLE fee_orders ADD CONSTRAINT fee_orders_status_ck CHECK (status IN ('created', 'paid', 'unmatched', 'refunded', 'failed') AND amount > 0);
--> statement-breakpoint
ALTER TABLE fee_upi_claims ADD CONSTRAINT fee_upi_claims_status_ck CHECK (status IN ('pending', 'confirmed', 'rejected') AND amount > 0);
--> statement-breakpoint
ALTER TABLE fee_payments ADD CONSTRAINT fee_payments_late_fee_ck CHECK (late_fee >= 0 AND (refund_amount IS NULL OR refund_amount > 0));
--> statement-breakpoint
-- Each is one school's alone; the webhook finds a school by its hook token through the platform's
-- scope, which bypasses these policies.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['payment_settings', 'fee_orders', 'fee_upi_claims', 'fee_late_rules', 'fee_late_fees'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (school_id = app_school()) WITH CHECK (school_id = app_school())', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- A payment made online has the mode `online` (the gateway's method, UPI or card, is on its order).
ALTER TABLE fee_payments DROP CONSTRAINT fee_payments_values_ck;
--> statement-breakpoint
ALTER TABLE fee_payments ADD CONSTRAINT fee_payments_values_ck CHECK (
  amount > 0 AND receipt_no > 0 AND mode IN ('cash', 'upi', 'cheque', 'bank_transfer', 'online')
  AND (reversed_at IS NULL) = (reversal_reason IS NULL));
