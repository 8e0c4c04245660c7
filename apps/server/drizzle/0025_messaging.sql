CREATE TABLE "channel_rules" (
	"school_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sms" boolean NOT NULL,
	"whatsapp" boolean NOT NULL,
	"email" boolean NOT NULL,
	"urgent" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_rules_school_id_kind_pk" PRIMARY KEY("school_id","kind")
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"message_id" uuid,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"address" text,
	"provider" text,
	"provider_message_id" text,
	"parts" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_contacts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"mobile" text,
	"mobile_verified_at" timestamp with time zone,
	"whatsapp_opt_in_at" timestamp with time zone,
	"sms_stopped_at" timestamp with time zone,
	"whatsapp_stopped_at" timestamp with time zone,
	"quiet_from" smallint,
	"quiet_to" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"sender_id" uuid,
	"sender_name" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"channels" text[] NOT NULL,
	"attachment" text,
	"scheduled_for" timestamp with time zone,
	"status" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text NOT NULL,
	"secret_hint" text NOT NULL,
	"report_token" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_channel_pk" PRIMARY KEY("user_id","kind","channel")
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "purpose" text DEFAULT 'data' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_rules" ADD CONSTRAINT "channel_rules_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_contacts" ADD CONSTRAINT "message_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_contacts" ADD CONSTRAINT "message_contacts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_attachment_files_name_fk" FOREIGN KEY ("attachment") REFERENCES "public"."files"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD CONSTRAINT "messaging_accounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD CONSTRAINT "messaging_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_codes" ADD CONSTRAINT "mobile_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_codes" ADD CONSTRAINT "mobile_codes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_notification_channel_uq" ON "deliveries" USING btree ("notification_id","channel");--> statement-breakpoint
CREATE INDEX "deliveries_message_idx" ON "deliveries" USING btree ("school_id","message_id","status");--> statement-breakpoint
CREATE INDEX "deliveries_provider_idx" ON "deliveries" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "deliveries_queued_idx" ON "deliveries" USING btree ("not_before") WHERE "deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "deliveries_school_month_idx" ON "deliveries" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "message_contacts_mobile_idx" ON "message_contacts" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "messages_school_idx" ON "messages" USING btree ("school_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_accounts_school_channel_uq" ON "messaging_accounts" USING btree (coalesce("school_id", '00000000-0000-0000-0000-000000000000'::uuid),"channel");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_accounts_report_token_uq" ON "messaging_accounts" USING btree ("report_token");--> statement-breakpoint
-- Every table of a school's messages is the school's alone; a platform account (school_id null) is
-- read through the platform's scope, which bypasses these policies.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['message_contacts', 'mobile_codes', 'notification_preferences', 'channel_rules', 'messaging_accounts', 'messages', 'deliveries'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (school_id = app_school()) WITH CHECK (school_id = app_school())', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- A WhatsApp consent (purpose 'whatsapp') is not a consent to the school's processing of data:
-- only a data consent given must include processing.
ALTER TABLE consent_records DROP CONSTRAINT consent_records_action_ck;
--> statement-breakpoint
ALTER TABLE consent_records ADD CONSTRAINT consent_records_action_ck CHECK (action IN ('given', 'withdrawn') AND (action = 'withdrawn' OR processing OR purpose <> 'data'));
--> statement-breakpoint
ALTER TABLE consent_records ADD CONSTRAINT consent_records_purpose_ck CHECK (purpose IN ('data', 'whatsapp'));
