CREATE TABLE "points_period_totals" (
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"user_id" text NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "points_period_totals_period_period_start_user_id_pk" PRIMARY KEY("period","period_start","user_id"),
	CONSTRAINT "points_period_totals_period_check" CHECK ("points_period_totals"."period" in ('week', 'month'))
);
--> statement-breakpoint
CREATE TABLE "platform_counter_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_period_totals" ADD CONSTRAINT "points_period_totals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_period_totals_rank_idx" ON "points_period_totals" USING btree ("period","period_start","points" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "platform_counter_deltas_key_idx" ON "platform_counter_deltas" USING btree ("key");--> statement-breakpoint
-- Maintained totals. Statement triggers with transition tables append one delta row per statement
-- and key: a bulk insert costs one row, and no writer ever waits on another's counter row.
CREATE OR REPLACE FUNCTION lunara_counter(counter_key text) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value FROM platform_counters WHERE key = counter_key), 0)
       + coalesce((SELECT sum(delta) FROM platform_counter_deltas WHERE key = counter_key), 0)::bigint
$$;
--> statement-breakpoint
-- Folds pending deltas into the totals in one statement: a row deleted by one folder is not seen by
-- another, so concurrent folds count every delta once.
CREATE OR REPLACE FUNCTION lunara_fold_counter_deltas() RETURNS void
LANGUAGE sql AS $$
  WITH moved AS (DELETE FROM platform_counter_deltas RETURNING key, delta),
  sums AS (SELECT key, sum(delta)::bigint AS delta FROM moved GROUP BY key ORDER BY key)
  INSERT INTO platform_counters (key, value) SELECT key, delta FROM sums
  ON CONFLICT (key) DO UPDATE SET value = platform_counters.value + excluded.value
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lunara_count_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN SELECT count(*) INTO n FROM new_rows;
  ELSE SELECT -count(*) INTO n FROM old_rows;
  END IF;
  IF n <> 0 THEN INSERT INTO platform_counter_deltas (key, delta) VALUES (TG_ARGV[0], n); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER posts_count_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_rows('posts');
--> statement-breakpoint
CREATE TRIGGER posts_count_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_rows('posts');
--> statement-breakpoint
CREATE TRIGGER post_comments_count_insert AFTER INSERT ON post_comments REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_rows('post_comments');
--> statement-breakpoint
CREATE TRIGGER post_comments_count_delete AFTER DELETE ON post_comments REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_rows('post_comments');
--> statement-breakpoint
-- Topics: the total and one key per category ('forum_topics:<category id>').
CREATE OR REPLACE FUNCTION lunara_count_topics() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A transition table exists only for the events that have it, so each event has its own statement.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO platform_counter_deltas (key, delta)
    SELECT 'forum_topics:' || category_id, count(*) FROM new_rows GROUP BY category_id
    UNION ALL SELECT 'forum_topics', count(*) FROM new_rows HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO platform_counter_deltas (key, delta)
    SELECT 'forum_topics:' || category_id, -count(*) FROM old_rows GROUP BY category_id
    UNION ALL SELECT 'forum_topics', -count(*) FROM old_rows HAVING count(*) > 0;
  ELSE
    -- A topic moved to another category.
    INSERT INTO platform_counter_deltas (key, delta)
    SELECT k, sum(d) FROM (
      SELECT 'forum_topics:' || n.category_id AS k, 1 AS d
      FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.category_id <> n.category_id
      UNION ALL
      SELECT 'forum_topics:' || o.category_id, -1
      FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.category_id <> n.category_id
    ) moves GROUP BY k;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER forum_topics_count_insert AFTER INSERT ON forum_topics REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_topics();
--> statement-breakpoint
CREATE TRIGGER forum_topics_count_update AFTER UPDATE ON forum_topics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_topics();
--> statement-breakpoint
CREATE TRIGGER forum_topics_count_delete AFTER DELETE ON forum_topics REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_topics();
--> statement-breakpoint
-- Rows matching a condition (profiles; active members; unread notifications): +new matching, -old matching.
CREATE OR REPLACE FUNCTION lunara_count_matching() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE n bigint := 0; o bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('SELECT count(*) FROM new_rows WHERE %s', TG_ARGV[1]) INTO n;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    EXECUTE format('SELECT count(*) FROM old_rows WHERE %s', TG_ARGV[1]) INTO o;
  END IF;
  IF n - o <> 0 THEN INSERT INTO platform_counter_deltas (key, delta) VALUES (TG_ARGV[0], n - o); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_count_insert AFTER INSERT ON profiles REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_matching('profiles', 'true');
--> statement-breakpoint
CREATE TRIGGER profiles_count_delete AFTER DELETE ON profiles REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_matching('profiles', 'true');
--> statement-breakpoint
CREATE TRIGGER profiles_active_insert AFTER INSERT ON profiles REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_matching('members_active', $$membership_status = 'active'$$);
--> statement-breakpoint
CREATE TRIGGER profiles_active_update AFTER UPDATE ON profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_matching('members_active', $$membership_status = 'active'$$);
--> statement-breakpoint
CREATE TRIGGER profiles_active_delete AFTER DELETE ON profiles REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_matching('members_active', $$membership_status = 'active'$$);
--> statement-breakpoint
CREATE TRIGGER notifications_unread_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_matching('notifications_unread', 'NOT read');
--> statement-breakpoint
CREATE TRIGGER notifications_unread_update AFTER UPDATE ON notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_matching('notifications_unread', 'NOT read');
--> statement-breakpoint
CREATE TRIGGER notifications_unread_delete AFTER DELETE ON notifications REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_count_matching('notifications_unread', 'NOT read');
--> statement-breakpoint
-- Points per member per week (from Monday) and month, UTC, from every ledger insert.
CREATE OR REPLACE FUNCTION lunara_add_period_points() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO points_period_totals (period, period_start, user_id, points)
  SELECT p.period, p.period_start, n.user_id, sum(n.amount)::int
  FROM new_rows n
  CROSS JOIN LATERAL (VALUES
    ('week', date_trunc('week', n.created_at AT TIME ZONE 'UTC')::date),
    ('month', date_trunc('month', n.created_at AT TIME ZONE 'UTC')::date)
  ) AS p(period, period_start)
  GROUP BY p.period, p.period_start, n.user_id
  ORDER BY p.period, p.period_start, n.user_id
  ON CONFLICT (period, period_start, user_id) DO UPDATE SET points = points_period_totals.points + excluded.points;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER points_ledger_period_totals AFTER INSERT ON points_ledger REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION lunara_add_period_points();
--> statement-breakpoint
-- Rebuilds every maintained total from the tables (used here once, and after bulk loads with triggers off).
CREATE OR REPLACE FUNCTION lunara_recount_maintained_totals() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE platform_counters, platform_counter_deltas, points_period_totals IN EXCLUSIVE MODE;
  DELETE FROM platform_counter_deltas;
  DELETE FROM platform_counters;
  INSERT INTO platform_counters (key, value)
  SELECT 'profiles', count(*) FROM profiles
  UNION ALL SELECT 'members_active', count(*) FROM profiles WHERE membership_status = 'active'
  UNION ALL SELECT 'posts', count(*) FROM posts
  UNION ALL SELECT 'post_comments', count(*) FROM post_comments
  UNION ALL SELECT 'forum_topics', count(*) FROM forum_topics
  UNION ALL SELECT 'notifications_unread', count(*) FROM notifications WHERE NOT read
  UNION ALL SELECT 'forum_topics:' || category_id, count(*) FROM forum_topics GROUP BY category_id;
  DELETE FROM points_period_totals;
  INSERT INTO points_period_totals (period, period_start, user_id, points)
  SELECT 'week', date_trunc('week', created_at AT TIME ZONE 'UTC')::date, user_id, sum(amount)::int
  FROM points_ledger GROUP BY 2, 3
  UNION ALL
  SELECT 'month', date_trunc('month', created_at AT TIME ZONE 'UTC')::date, user_id, sum(amount)::int
  FROM points_ledger GROUP BY 2, 3;
END;
$$;
--> statement-breakpoint
SELECT lunara_recount_maintained_totals();
