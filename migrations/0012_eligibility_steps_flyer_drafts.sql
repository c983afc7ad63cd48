ALTER TABLE "offers" ALTER COLUMN "eligibility" SET DEFAULT '{"cardScope":"all","cards":[],"days":[],"timeFrom":null,"timeTo":null,"minBill":null,"maxDiscount":null,"channel":null,"website":null,"registerFirst":false,"convertWithinDays":null,"promoCodeRequired":false}'::jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "flyer_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Offers stored before eligibility had the card holder's steps get the values that mean "no step".
UPDATE "offers" SET "eligibility" = '{"registerFirst": false, "convertWithinDays": null, "promoCodeRequired": false}'::jsonb || "eligibility";
