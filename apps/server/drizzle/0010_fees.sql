CREATE TABLE "class_fees" (
	"school_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"academic" bigint DEFAULT 0 NOT NULL,
	"convenience" bigint DEFAULT 0 NOT NULL,
	"development" bigint DEFAULT 0 NOT NULL,
	"tuition" bigint DEFAULT 0 NOT NULL,
	"other" bigint DEFAULT 0 NOT NULL,
	"tax_bp" integer DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_fees_pk" PRIMARY KEY("school_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "fee_alerts" (
	"school_id" uuid NOT NULL,
	"instalment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_alerts_pk" PRIMARY KEY("school_id","instalment_id","kind")
);
--> statement-breakpoint
CREATE TABLE "fee_instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"fee_record_id" uuid NOT NULL,
	"seq" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"fee_record_id" uuid NOT NULL,
	"instalment_id" uuid,
	"seq" smallint NOT NULL,
	"receipt_no" integer NOT NULL,
	"amount" bigint NOT NULL,
	"mode" text NOT NULL,
	"reference" text,
	"paid_on" date NOT NULL,
	"received_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" uuid,
	"reversal_reason" text
);
--> statement-breakpoint
CREATE TABLE "fee_receipt_counters" (
	"school_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"last_no" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fee_receipt_counters_pk" PRIMARY KEY("school_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "fee_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"class_fee" bigint NOT NULL,
	"adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"description" text,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_fees" ADD CONSTRAINT "class_fees_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_fees" ADD CONSTRAINT "class_fees_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_alerts" ADD CONSTRAINT "fee_alerts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_instalments" ADD CONSTRAINT "fee_instalments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipt_counters" ADD CONSTRAINT "fee_receipt_counters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_records" ADD CONSTRAINT "fee_records_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_records" ADD CONSTRAINT "fee_records_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_records" ADD CONSTRAINT "fee_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_types" ADD CONSTRAINT "fee_types_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_fees_session_idx" ON "class_fees" USING btree ("school_id","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_instalments_seq_uq" ON "fee_instalments" USING btree ("school_id","fee_record_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_instalments_id_school_uq" ON "fee_instalments" USING btree ("id","school_id");--> statement-breakpoint
CREATE INDEX "fee_instalments_unpaid_due_idx" ON "fee_instalments" USING btree ("school_id","due_date") WHERE not "fee_instalments"."paid";--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_receipt_uq" ON "fee_payments" USING btree ("school_id","session_id","receipt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_live_uq" ON "fee_payments" USING btree ("school_id","instalment_id") WHERE "fee_payments"."reversed_at" is null;--> statement-breakpoint
CREATE INDEX "fee_payments_record_idx" ON "fee_payments" USING btree ("school_id","fee_record_id");--> statement-breakpoint
CREATE INDEX "fee_payments_paid_on_idx" ON "fee_payments" USING btree ("school_id","session_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_records_student_uq" ON "fee_records" USING btree ("school_id","session_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_records_id_school_uq" ON "fee_records" USING btree ("id","school_id");--> statement-breakpoint
CREATE INDEX "fee_records_class_idx" ON "fee_records" USING btree ("school_id","class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_types_name_uq" ON "fee_types" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "fee_types_school_created_idx" ON "fee_types" USING btree ("school_id","created_at","id");