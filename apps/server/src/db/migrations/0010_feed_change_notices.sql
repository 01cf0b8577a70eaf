-- Every process keeps the feed's first page in memory (decision 015); any change to what it shows
-- (posts and their counts, who liked what, authors' names and avatars) tells every process to forget
-- it. Once per statement, and PostgreSQL folds a transaction's identical notices into one, sent on
-- commit (never for a rollback).
CREATE OR REPLACE FUNCTION lunara_notify_feed_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lunara_feed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER posts_feed_notice AFTER INSERT OR UPDATE OR DELETE ON posts
FOR EACH STATEMENT EXECUTE FUNCTION lunara_notify_feed_change();
--> statement-breakpoint
CREATE TRIGGER post_likes_feed_notice AFTER INSERT OR DELETE ON post_likes
FOR EACH STATEMENT EXECUTE FUNCTION lunara_notify_feed_change();
--> statement-breakpoint
CREATE TRIGGER profiles_feed_notice AFTER UPDATE OF display_name, avatar_url ON profiles
FOR EACH STATEMENT EXECUTE FUNCTION lunara_notify_feed_change();
