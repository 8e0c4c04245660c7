CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "school_counts" (
	"school_id" uuid NOT NULL,
	"role_id" smallint NOT NULL,
	"active" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "school_counts_school_id_role_id_active_pk" PRIMARY KEY("school_id","role_id","active")
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "school_id" uuid;--> statement-breakpoint
ALTER TABLE "login_id_counters" ADD COLUMN "school_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || login_id || ' ' || coalesce(email, ''))) STORED;--> statement-breakpoint
ALTER TABLE "school_counts" ADD CONSTRAINT "school_counts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_id_counters" ADD CONSTRAINT "login_id_counters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_school_idx" ON "auth_sessions" USING btree ("school_id") WHERE "auth_sessions"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("school_id","search_text" gin_trgm_ops);