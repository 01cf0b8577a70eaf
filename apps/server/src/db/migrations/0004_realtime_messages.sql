DROP INDEX "conversations_a_recent_idx";--> statement-breakpoint
DROP INDEX "conversations_b_recent_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "last_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Notifications from before the email digest existed are not emailed now, long after the fact.
UPDATE "notifications" SET "emailed_at" = "created_at" WHERE "emailed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "conversations_a_recent_idx" ON "conversations" USING btree ("participant_a","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_b_recent_idx" ON "conversations" USING btree ("participant_b","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);