CREATE TABLE "card_tiers" (
	"tier_id" serial PRIMARY KEY NOT NULL,
	"tier_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_tiers_tier_name_unique" UNIQUE("tier_name")
);
--> statement-breakpoint
CREATE TABLE "category_keywords" (
	"keyword" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"run_id" serial PRIMARY KEY NOT NULL,
	"source_key" text NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean,
	"fetched" integer DEFAULT 0 NOT NULL,
	"new_count" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"missing" integer DEFAULT 0 NOT NULL,
	"ended" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_sources" (
	"source_key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"adapter" text NOT NULL,
	"url" text NOT NULL,
	"bank_id" integer,
	"trusted" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_revisions" (
	"revision_id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"proposed" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "offer_sources" (
	"source_key" text NOT NULL,
	"item_key" text NOT NULL,
	"offer_id" integer NOT NULL,
	"url" text,
	"content_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"missing_runs" integer DEFAULT 0 NOT NULL,
	"linked_duplicate" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_sources_source_key_item_key_pk" PRIMARY KEY("source_key","item_key")
);
--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "issued_cards" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "eligibility" jsonb DEFAULT '{"cardScope":"all","cards":[],"days":[],"timeFrom":null,"timeTo":null,"minBill":null,"maxDiscount":null,"channel":null,"website":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "source_name" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "source_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "source_hash" text;--> statement-breakpoint
ALTER TABLE "category_keywords" ADD CONSTRAINT "category_keywords_category_id_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("category_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_source_key_import_sources_source_key_fk" FOREIGN KEY ("source_key") REFERENCES "public"."import_sources"("source_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_sources" ADD CONSTRAINT "import_sources_bank_id_banks_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("bank_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_revisions" ADD CONSTRAINT "offer_revisions_offer_id_offers_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("offer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_sources" ADD CONSTRAINT "offer_sources_source_key_import_sources_source_key_fk" FOREIGN KEY ("source_key") REFERENCES "public"."import_sources"("source_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_sources" ADD CONSTRAINT "offer_sources_offer_id_offers_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("offer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_runs_source_idx" ON "import_runs" USING btree ("source_key","started_at");--> statement-breakpoint
CREATE INDEX "offer_revisions_status_idx" ON "offer_revisions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_revisions_one_pending_idx" ON "offer_revisions" USING btree ("offer_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "offer_sources_offer_idx" ON "offer_sources" USING btree ("offer_id");--> statement-breakpoint
-- Banks' typed cards from their §7 card names ('Visa Platinum', 'Amex Gold'): credit cards, the
-- words after the network as the tier; the tiers they name start the team's tier list.
UPDATE "banks" SET "issued_cards" = coalesce((
  SELECT jsonb_agg(jsonb_build_object(
    'network', CASE lower(split_part(name, ' ', 1)) WHEN 'amex' THEN 'amex' ELSE lower(split_part(name, ' ', 1)) END,
    'kind', 'credit',
    'tier', nullif(btrim(substr(name, length(split_part(name, ' ', 1)) + 1)), '')))
  FROM jsonb_array_elements_text("card_types") AS name
  WHERE lower(split_part(name, ' ', 1)) IN ('visa', 'mastercard', 'amex', 'unionpay', 'jcb', 'diners')
), '[]'::jsonb);--> statement-breakpoint
INSERT INTO "card_tiers" ("tier_name", "position")
SELECT tier, row_number() OVER (ORDER BY tier) FROM (
  SELECT DISTINCT card->>'tier' AS tier FROM "banks", jsonb_array_elements("issued_cards") AS card WHERE card->>'tier' IS NOT NULL
) AS named ON CONFLICT DO NOTHING;
