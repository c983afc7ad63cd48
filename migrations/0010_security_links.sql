ALTER TABLE "users" RENAME COLUMN "calendar_feed_token" TO "calendar_feed_token_hash";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_calendar_feed_token_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "links_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The feed's secret is kept as its SHA-256 (hex, as services/tokens.ts hashes): feeds already
-- subscribed keep working, and the plain secrets are gone from the table.
UPDATE "users" SET "calendar_feed_token_hash" = encode(sha256(convert_to("calendar_feed_token_hash", 'UTF8')), 'hex') WHERE "calendar_feed_token_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_calendar_feed_token_hash_unique" UNIQUE("calendar_feed_token_hash");--> statement-breakpoint
-- The audit log is append-only (0002 refuses UPDATE and DELETE row by row): TRUNCATE, which fires
-- no row trigger, is refused too, even for the table's owner.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
