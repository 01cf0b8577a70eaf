-- The feed's first page is kept in memory (decision 015): its reaction counts are shared, and each
-- viewer's "saved" marks are kept beside it, so a change to either tells every process to forget it, as
-- a like does (migration 0010).
CREATE TRIGGER post_reaction_counts_feed_notice AFTER INSERT OR UPDATE OR DELETE ON post_reaction_counts
FOR EACH STATEMENT EXECUTE FUNCTION lunara_notify_feed_change();
--> statement-breakpoint
CREATE TRIGGER bookmarks_feed_notice AFTER INSERT OR DELETE ON bookmarks
FOR EACH STATEMENT EXECUTE FUNCTION lunara_notify_feed_change();
