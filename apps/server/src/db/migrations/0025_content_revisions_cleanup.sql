-- An item's earlier versions go with it, however it is deleted (its author, a moderator, a post's or a
-- topic's cascade, an account's deletion): content_revisions names four tables, so no foreign key can.
CREATE OR REPLACE FUNCTION lunara_delete_revisions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM content_revisions r USING old_rows o WHERE r.kind = TG_ARGV[0] AND r.item_id = o.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER posts_revisions_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_delete_revisions('post');
--> statement-breakpoint
CREATE TRIGGER post_comments_revisions_delete AFTER DELETE ON post_comments REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_delete_revisions('comment');
--> statement-breakpoint
CREATE TRIGGER forum_topics_revisions_delete AFTER DELETE ON forum_topics REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_delete_revisions('topic');
--> statement-breakpoint
CREATE TRIGGER forum_replies_revisions_delete AFTER DELETE ON forum_replies REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_delete_revisions('reply');
