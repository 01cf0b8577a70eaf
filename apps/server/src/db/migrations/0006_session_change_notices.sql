-- Every process caches who a session cookie belongs to (her role and membership included); any change
-- to those rows tells every process, by member id, to forget her cached sessions. NOTIFY is sent on
-- commit, so a rolled-back change tells nobody.
CREATE OR REPLACE FUNCTION lunara_notify_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE changed jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  PERFORM pg_notify('lunara_sessions', changed ->> TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_change_notice AFTER UPDATE OR DELETE ON "session"
FOR EACH ROW EXECUTE FUNCTION lunara_notify_session_change('user_id');
--> statement-breakpoint
CREATE TRIGGER user_change_notice AFTER UPDATE OR DELETE ON "user"
FOR EACH ROW EXECUTE FUNCTION lunara_notify_session_change('id');
--> statement-breakpoint
CREATE TRIGGER user_roles_change_notice AFTER INSERT OR UPDATE OR DELETE ON user_roles
FOR EACH ROW EXECUTE FUNCTION lunara_notify_session_change('user_id');
--> statement-breakpoint
CREATE TRIGGER subscriptions_change_notice AFTER INSERT OR UPDATE OR DELETE ON subscriptions
FOR EACH ROW EXECUTE FUNCTION lunara_notify_session_change('user_id');
