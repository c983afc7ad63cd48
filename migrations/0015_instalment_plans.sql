ALTER TABLE "offers" ADD COLUMN "instalment_months" integer;--> statement-breakpoint
-- Backfill (hand-written): offers stored before the 'instalment' type whose rate text reads as a 0%
-- plan ("0% Instalment Plans up to 24 months", "0% EPP 3, 6, 12 Months") become plans of their
-- longest months (1 to 60), at 0%; the importers' normaliser (normalise/rates.ts) reads new ones.
UPDATE "offers" SET "offer_type" = 'instalment', "offer_rate" = '0', "instalment_months" = plan.months
FROM (
  SELECT "offer_id", (
    SELECT max(n[1]::int) FROM regexp_matches(
      substring("offer_rate" from '(?i)([0-9]{1,2}(\s*(,|/|or|and|&)\s*[0-9]{1,2})*)\s*months?'), '([0-9]{1,2})', 'g') AS n
  ) AS months
  FROM "offers"
  WHERE "offer_type" = 'customize'
    AND "offer_rate" ~* '(^|[^0-9.])0\s*%'
    AND "offer_rate" ~* '(instal|install|easy\s*payment|\mEPP\M)'
) AS plan
WHERE "offers"."offer_id" = plan."offer_id" AND plan.months BETWEEN 1 AND 60;
