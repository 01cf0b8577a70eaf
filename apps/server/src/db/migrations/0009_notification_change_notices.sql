-- Every process keeps members' notification lists in memory (decision 013); any change to a member's
-- notifications tells every process, by member id, to forget her list. Sent on commit (never for a
-- rollback), and PostgreSQL folds a transaction's identical notices into one.
CREATE OR REPLACE FUNCTION lunara_notify_notifications_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('lunara_notifications', OLD.user_id);
  ELSE
    PERFORM pg_notify('lunara_notifications', NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_change_notice AFTER INSERT OR UPDATE OR DELETE ON notifications
FOR EACH ROW EXECUTE FUNCTION lunara_notify_notifications_change();
