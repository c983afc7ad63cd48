CREATE TABLE "audit_log" (
	"audit_id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_documents" (
	"document_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_reports" (
	"report_id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"reason" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reporter_user_id" integer,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer
);
--> statement-breakpoint
CREATE TABLE "site_builds" (
	"build_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "slug_redirects" (
	"kind" text NOT NULL,
	"old_slug" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slug_redirects_kind_old_slug_pk" PRIMARY KEY("kind","old_slug")
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handled_by" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "block_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merchant_step" text;--> statement-breakpoint
ALTER TABLE "merchant_documents" ADD CONSTRAINT "merchant_documents_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_reports" ADD CONSTRAINT "offer_reports_offer_id_offers_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("offer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","audit_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "merchant_documents_user_idx" ON "merchant_documents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_reports_status_idx" ON "offer_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "offer_reports_offer_idx" ON "offer_reports" USING btree ("offer_id","status");--> statement-breakpoint
CREATE INDEX "site_builds_started_idx" ON "site_builds" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "offers_review_queue_idx" ON "offers" USING btree ("review_status","created_at","offer_id");--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("user_type","user_id");--> statement-breakpoint
CREATE INDEX "users_first_name_idx" ON "users" USING btree (lower("first_name"));--> statement-breakpoint
-- The audit log is append-only: no UPDATE or DELETE of its rows, whoever asks.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
