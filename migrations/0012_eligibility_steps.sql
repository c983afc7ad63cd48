-- Eligibility gains the steps a card holder must take (contract/eligibility.ts): offers stored
-- before them get the values that mean "no step".
UPDATE "offers" SET "eligibility" = '{"registerFirst": false, "convertWithinDays": null, "promoCodeRequired": false}'::jsonb || "eligibility";
