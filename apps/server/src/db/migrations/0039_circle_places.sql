ALTER TABLE "circle_memberships" DROP CONSTRAINT "circle_memberships_role_check";--> statement-breakpoint
-- The unused role 'leader' becomes 'host' (issue 34).
UPDATE "circle_memberships" SET "role" = 'host' WHERE "role" = 'leader';--> statement-breakpoint
DROP INDEX "posts_feed_idx";--> statement-breakpoint
ALTER TABLE "circle_events" ADD COLUMN "visibility" text DEFAULT 'community' NOT NULL;--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "circle_id" uuid;--> statement-breakpoint
ALTER TABLE "circles" ADD CONSTRAINT "circles_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_memberships_members_idx" ON "circle_memberships" USING btree ("circle_id","role","updated_at","user_id") WHERE "circle_memberships"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "posts_circle_feed_idx" ON "posts" USING btree ("circle_id","is_pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."circle_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("is_pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."circle_id" is null;--> statement-breakpoint
ALTER TABLE "circle_events" ADD CONSTRAINT "circle_events_visibility_check" CHECK ("circle_events"."visibility" in ('community', 'circle'));--> statement-breakpoint
ALTER TABLE "circle_memberships" ADD CONSTRAINT "circle_memberships_role_check" CHECK ("circle_memberships"."role" in ('member', 'host'));