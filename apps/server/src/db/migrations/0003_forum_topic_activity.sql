DROP INDEX "forum_topics_category_order_idx";--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "forum_topics" SET "last_activity_at" = coalesce("last_reply_at", "created_at");--> statement-breakpoint
CREATE INDEX "forum_topics_category_order_idx" ON "forum_topics" USING btree ("category_id","is_pinned" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);