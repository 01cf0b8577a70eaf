-- Every process keeps the leaderboards in memory (decision 011); any change to what they show (points,
-- levels, badges, counts, streaks, names, avatars) tells every process to forget them. Once per
-- statement, and PostgreSQL folds a transaction's identical notices into one, sent on commit.
CREATE OR REPLACE FUNCTION lunara_notify_leaderboard_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lunara_leaderboard', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_points_leaderboard_notice AFTER INSERT OR UPDATE OR DELETE ON user_points
FOR EACH STATEMENT EXECUTE FUNCTION lunara_notify_leaderboard_change();
--> statement-breakpoint
CREATE TRIGGER points_period_totals_leaderboard_notice AFTER INSERT OR UPDATE OR DELETE ON points_period_totals
FOR EACH STATEMENT EXECUTE FUNCTION lunara_notify_leaderboard_change();
--> statement-breakpoint
CREATE TRIGGER profiles_leaderboard_notice AFTER UPDATE OF display_name, avatar_url ON profiles
FOR EACH STATEMENT EXECUTE FUNCTION lunara_notify_leaderboard_change();
