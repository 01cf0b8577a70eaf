-- Issue 30: sign-up asks for her name, so a new account's display name is that name (trimmed, at most
-- 80 characters, as the profile allows); the email's local part only when a code path gives none.
CREATE OR REPLACE FUNCTION lunara_create_account_defaults() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profiles" ("id", "display_name")
  VALUES (
    NEW."id",
    left(coalesce(nullif(btrim(NEW."name"), ''), nullif(split_part(NEW."email", '@', 1), ''), 'Sister'), 80)
  )
  ON CONFLICT ("id") DO NOTHING;
  INSERT INTO "user_roles" ("user_id", "role")
  VALUES (NEW."id", 'user')
  ON CONFLICT ("user_id") DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Issue 30: a deleted account's "Former member" stand-in (former_members) is not a member: a recount of
-- the totals leaves it out, as the code that makes one does for the running total.
CREATE OR REPLACE FUNCTION lunara_recount_maintained_totals() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE platform_counters, platform_counter_deltas, points_period_totals IN EXCLUSIVE MODE;
  DELETE FROM platform_counter_deltas;
  DELETE FROM platform_counters;
  INSERT INTO platform_counters (key, value)
  SELECT 'profiles', count(*) FROM profiles WHERE id NOT IN (SELECT user_id FROM former_members)
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
