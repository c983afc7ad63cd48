CREATE TABLE "banks" (
	"bank_id" serial PRIMARY KEY NOT NULL,
	"bank_name" text NOT NULL,
	"slug" text NOT NULL,
	"logo_url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"card_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"color" text DEFAULT '#1f2937' NOT NULL,
	CONSTRAINT "banks_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"category_name" text NOT NULL,
	"slug" text NOT NULL,
	"icon_name" text NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "code_sends" (
	"send_id" serial PRIMARY KEY NOT NULL,
	"mobile_no" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_offer_id_pk" PRIMARY KEY("user_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"feedback_id" serial PRIMARY KEY NOT NULL,
	"insight_id" text,
	"first_name" text NOT NULL,
	"mobile_no" text NOT NULL,
	"email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_ads" (
	"ad_id" serial PRIMARY KEY NOT NULL,
	"placement" text NOT NULL,
	"ad_space" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"owner_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impressions" (
	"impression_id" serial PRIMARY KEY NOT NULL,
	"insight_id" text,
	"offer_id" integer NOT NULL,
	"bank_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"ip" text,
	"user_id" integer,
	"count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights" (
	"insight_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"location_id" serial PRIMARY KEY NOT NULL,
	"location_name" text NOT NULL,
	CONSTRAINT "locations_location_name_unique" UNIQUE("location_name")
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"merchant_id" serial PRIMARY KEY NOT NULL,
	"merchant_name" text NOT NULL,
	"logo_url" text,
	"contact_no" text,
	"web_url" text
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"offer_id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"header" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"banner_image_url" text,
	"offer_type" text NOT NULL,
	"offer_rate" text,
	"offer_date_type" text NOT NULL,
	"offer_start" timestamp with time zone,
	"offer_end" timestamp with time zone,
	"valid_time_date_description" text,
	"promo_code" text,
	"hot_line" jsonb DEFAULT '{"mobileNo":[],"email":[]}'::jsonb NOT NULL,
	"card_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_status" text DEFAULT 'pending' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"bank_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"owner_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"code_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"mobile_no" text NOT NULL,
	"code_hash" text NOT NULL,
	"wrong_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"subscription_id" serial PRIMARY KEY NOT NULL,
	"insight_id" text,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "terms_conditions" (
	"term_id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"user_type" smallint NOT NULL,
	"first_name" text NOT NULL,
	"mobile_no" text NOT NULL,
	"password_hash" text NOT NULL,
	"email" text,
	"address" text,
	"phone_no" text,
	"business_name" text,
	"br_no" text,
	"contact_no" text,
	"company_email" text,
	"address_no" text,
	"street_name" text,
	"city" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" text,
	"logo_url" text,
	"status" text DEFAULT 'active' NOT NULL,
	"is_account_block" boolean DEFAULT false NOT NULL,
	"is_mobile_verification" boolean DEFAULT false NOT NULL,
	"code_blocked_until" timestamp with time zone,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_mobile_no_unique" UNIQUE("mobile_no")
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_offer_id_offers_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("offer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impressions" ADD CONSTRAINT "impressions_offer_id_offers_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("offer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_bank_id_banks_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("bank_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_category_id_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_merchant_id_merchants_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_conditions" ADD CONSTRAINT "terms_conditions_bank_id_banks_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("bank_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_sends_mobile_idx" ON "code_sends" USING btree ("mobile_no","sent_at");--> statement-breakpoint
CREATE INDEX "favorites_offer_idx" ON "favorites" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "impressions_insight_idx" ON "impressions" USING btree ("insight_id");--> statement-breakpoint
CREATE INDEX "impressions_offer_idx" ON "impressions" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "impressions_bank_idx" ON "impressions" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "offers_public_idx" ON "offers" USING btree ("review_status","offer_end");--> statement-breakpoint
CREATE INDEX "offers_bank_idx" ON "offers" USING btree ("bank_id","category_id");--> statement-breakpoint
CREATE INDEX "offers_category_idx" ON "offers" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "offers_merchant_idx" ON "offers" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "offers_created_idx" ON "offers" USING btree ("created_at","offer_id");--> statement-breakpoint
CREATE INDEX "codes_mobile_idx" ON "one_time_codes" USING btree ("mobile_no","verified_at");--> statement-breakpoint
CREATE INDEX "codes_user_idx" ON "one_time_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "terms_bank_idx" ON "terms_conditions" USING btree ("bank_id");