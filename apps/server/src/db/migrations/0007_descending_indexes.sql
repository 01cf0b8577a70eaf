-- Descending index columns were NULLS LAST while the queries order by plain DESC (NULLS FIRST), so the
-- planner could not walk them and sorted whole tables (found by `npm run bench`: EXPLAIN showed Seq Scan +
-- Sort on the feed). The columns are NOT NULL; the indexes now match the queries.
DROP INDEX "subscriptions_user_idx";--> statement-breakpoint
DROP INDEX "circles_active_created_idx";--> statement-breakpoint
DROP INDEX "points_period_totals_rank_idx";--> statement-breakpoint
DROP INDEX "post_comments_created_at_idx";--> statement-breakpoint
DROP INDEX "posts_feed_idx";--> statement-breakpoint
DROP INDEX "posts_created_at_idx";--> statement-breakpoint
DROP INDEX "posts_user_idx";--> statement-breakpoint
DROP INDEX "user_points_leaderboard_idx";--> statement-breakpoint
DROP INDEX "forum_topics_category_order_idx";--> statement-breakpoint
DROP INDEX "forum_topics_category_created_idx";--> statement-breakpoint
DROP INDEX "forum_topics_created_at_idx";--> statement-breakpoint
DROP INDEX "profiles_created_at_idx";--> statement-breakpoint
DROP INDEX "conversations_a_recent_idx";--> statement-breakpoint
DROP INDEX "conversations_b_recent_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "outbox_created_idx";--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","current_period_end" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "circles_active_created_idx" ON "circles" USING btree ("is_active","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "points_period_totals_rank_idx" ON "points_period_totals" USING btree ("period","period_start","points" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "post_comments_created_at_idx" ON "post_comments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("is_pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_created_at_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_user_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_points_leaderboard_idx" ON "user_points" USING btree ("points" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "forum_topics_category_order_idx" ON "forum_topics" USING btree ("category_id","is_pinned" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "forum_topics_category_created_idx" ON "forum_topics" USING btree ("category_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "forum_topics_created_at_idx" ON "forum_topics" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_a_recent_idx" ON "conversations" USING btree ("participant_a","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_b_recent_idx" ON "conversations" USING btree ("participant_b","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at" DESC NULLS FIRST);