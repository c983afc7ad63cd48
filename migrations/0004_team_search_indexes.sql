-- The team console searches offers and accounts by any part of a name (ILIKE '%text%'): trigram
-- indexes keep that fast at 100,000 rows (npm run bench:team). PGlite loads pg_trgm itself
-- (src/server/db/pglite-worker.mjs); PostgreSQL ships it with the server.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "merchants_name_trgm_idx" ON "merchants" USING gin ("merchant_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_header_trgm_idx" ON "offers" USING gin ("header" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_label_trgm_idx" ON "offers" USING gin ("label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_business_name_trgm_idx" ON "users" USING gin ("business_name" gin_trgm_ops);