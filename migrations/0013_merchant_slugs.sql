CREATE TABLE "merchant_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "merchant_slugs" ADD CONSTRAINT "merchant_slugs_merchant_id_merchants_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("merchant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each merchant's slug, as src/lib/slugify.ts makes it: the lowest id keeps a shared one, the others
-- add --{id} (slugify never writes "--", so no other name's slug is taken); a name with no letters
-- or digits gets merchant--{id}.
UPDATE "merchants" AS m SET "slug" = s."slug" FROM (
	SELECT "merchant_id", CASE
		WHEN "base" = '' THEN 'merchant--' || "merchant_id"
		WHEN row_number() OVER (PARTITION BY "base" ORDER BY "merchant_id") = 1 THEN "base"
		ELSE "base" || '--' || "merchant_id"
	END AS "slug"
	FROM (SELECT "merchant_id", trim(both '-' from regexp_replace(lower("merchant_name"), '[^a-z0-9]+', '-', 'g')) AS "base" FROM "merchants") AS b
) AS s WHERE m."merchant_id" = s."merchant_id";--> statement-breakpoint
INSERT INTO "merchant_slugs" ("slug", "merchant_id") SELECT "slug", "merchant_id" FROM "merchants";--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_slug_idx" ON "merchants" USING btree ("slug");