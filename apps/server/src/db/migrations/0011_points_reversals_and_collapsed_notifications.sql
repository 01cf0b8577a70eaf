ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "time_zone_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "collapse_key" text;--> statement-breakpoint
ALTER TABLE "daily_rituals" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "daily_rituals" ADD COLUMN "points_awarded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_collapse_key_idx" ON "notifications" USING btree ("user_id","collapse_key");--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_reason_check" CHECK ("points_ledger"."reason" in ('post', 'comment', 'like_received', 'like_removed', 'lesson', 'ritual', 'daily_login', 'weekly_bonus', 'reversal'));--> statement-breakpoint
-- Completions made before this migration paid what their ledger row says.
UPDATE "daily_rituals" d SET "points_awarded" = l."amount"
FROM "points_ledger" l
WHERE l."idempotency_key" = 'ritual:' || d."user_id" || ':' || d."ritual_id" || ':' || d."local_date"::text;
