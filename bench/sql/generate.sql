-- The benchmark community, generated set-wise with generate_series (no row-by-row inserts).
-- :scale is 1 (full size) or 0.01. Identifiers are derived from the row number (md5 → a version-4-shaped
-- uuid, as the API validates them), so rows
-- that point at each other are joined by arithmetic, not by lookups. Triggers are off while loading
-- (session_replication_role = replica); the maintained counters are recomputed at the end with the
-- same function the migrations use.
--
-- Members are bench-000001 … ; member 1 is the admin. Every member pays (an active Stripe-provider
-- subscription far in the future), has 10 notifications and 20 ledger rows.

set session_replication_role = replica;

create temporary table bench_size as
select
  greatest(round(50000 * :scale), 20)::int as members,
  round(500000 * :scale)::int as posts,
  round(2000000 * :scale)::int as likes,
  round(1000000 * :scale)::int as comments,
  round(50000 * :scale)::int as topics,
  round(500000 * :scale)::int as replies,
  round(100000 * :scale)::int as conversations,
  round(1000000 * :scale)::int as messages,
  round(500000 * :scale)::int as notifications,
  round(1000000 * :scale)::int as ledger;

create or replace function pg_temp.member(n bigint) returns text language sql immutable as
$$ select 'bench-' || lpad(n::text, 6, '0') $$;
create or replace function pg_temp.row_id(kind text, n bigint) returns uuid language sql immutable as
$$ select overlay(overlay(md5(kind || n) placing '4' from 13) placing '8' from 17)::uuid $$;

-- Members, their profiles, roles, subscriptions and points.
insert into "user" (id, name, email, email_verified, created_at, updated_at)
select pg_temp.member(i), 'Bench Sister ' || i, 'bench' || i || '@bench.lunara.test', true,
       now() - (members - i) * interval '10 minutes', now()
from bench_size, generate_series(1, members) i;

insert into profiles (id, display_name, bio, membership_status, time_zone, created_at, updated_at)
select pg_temp.member(i), 'Bench Sister ' || i, 'Walking with the moon.', 'active', 'UTC',
       now() - (members - i) * interval '10 minutes', now()
from bench_size, generate_series(1, members) i;

insert into user_roles (user_id, role)
select pg_temp.member(i), case when i = 1 then 'admin' else 'user' end
from bench_size, generate_series(1, members) i;

insert into subscriptions (user_id, provider, provider_subscription_id, provider_customer_id, status,
                           price_id, product_id, current_period_end)
select pg_temp.member(i), 'stripe', 'sub_bench_' || i, 'cus_bench_' || i, 'active', 'price_bench',
       'prod_bench', now() + interval '5 years'
from bench_size, generate_series(1, members) i;

-- Posts: newest last; a few pinned. Four likes and two comments each.
insert into posts (id, user_id, title, content, category, is_pinned, likes_count, comments_count, created_at, updated_at)
select pg_temp.row_id('post', i), pg_temp.member(1 + i % members), 'Post number ' || i,
       'Tonight the moon asked me to write down what I am ready to release. Post ' || i || '.',
       (array['general', 'goals', 'healing', 'beauty', 'rituals'])[1 + i % 5],
       i % 100000 = 0, likes / posts, comments / posts,
       now() - (posts - i) * interval '30 seconds', now() - (posts - i) * interval '30 seconds'
from bench_size, generate_series(1, posts) i;

-- Like k goes to post 1 + k % posts from the (k / posts)-th of that post's likers: distinct pairs.
insert into post_likes (post_id, user_id, created_at)
select pg_temp.row_id('post', 1 + k % posts),
       pg_temp.member(1 + ((1 + k % posts) * 31 + (k / posts) * (members / 4)) % members),
       now() - (posts - 1 - k % posts) * interval '30 seconds' + interval '1 minute'
from bench_size, generate_series(0, likes - 1) k;

insert into post_comments (id, post_id, user_id, content, created_at)
select pg_temp.row_id('comment', k), pg_temp.row_id('post', 1 + k % posts), pg_temp.member(1 + (k * 7) % members),
       'Thank you for sharing this, sister. Comment ' || k || '.',
       now() - (posts - 1 - k % posts) * interval '30 seconds' + (k / posts + 1) * interval '2 minutes'
from bench_size, generate_series(0, comments - 1) k;

-- Forums: the seeded categories plus bench ones up to 20; topics spread over them, ten replies each.
insert into forum_categories (slug, name, description, icon, color, order_index)
select 'bench-' || i, 'Bench circle ' || i, 'Benchmark category ' || i, 'Moon', 'from-purple-500 to-pink-500', 100 + i
from generate_series(1, 20) i
where (select count(*) from forum_categories) < 20 and i <= 20 - (select count(*) from forum_categories);

create temporary table bench_categories as
select id, row_number() over (order by order_index, id) - 1 as n from forum_categories;

insert into forum_topics (id, category_id, user_id, title, content, replies_count, views_count, last_reply_at,
                          last_reply_user_id, last_activity_at, created_at, updated_at)
select pg_temp.row_id('topic', i), c.id, pg_temp.member(1 + (i * 3) % members), 'Topic number ' || i,
       'What helps you keep your evening ritual when the week gets busy? Topic ' || i || '.',
       replies / topics, 0,
       case when replies >= topics then now() - (topics - i) * interval '5 minutes' + (replies / topics) * interval '1 minute' end,
       case when replies >= topics then pg_temp.member(1 + (i * 11) % members) end,
       now() - (topics - i) * interval '5 minutes' + (replies / topics) * interval '1 minute',
       now() - (topics - i) * interval '5 minutes', now() - (topics - i) * interval '5 minutes'
from bench_size cross join generate_series(1, topics) i
join bench_categories c on c.n = i % 20;

insert into forum_replies (id, topic_id, user_id, content, created_at, updated_at)
select pg_temp.row_id('reply', k), pg_temp.row_id('topic', 1 + k % topics), pg_temp.member(1 + (k * 13) % members),
       'This resonates with me. Reply ' || k || '.',
       now() - (topics - 1 - k % topics) * interval '5 minutes' + (k / topics + 1) * interval '1 minute',
       now() - (topics - 1 - k % topics) * interval '5 minutes' + (k / topics + 1) * interval '1 minute'
from bench_size, generate_series(0, replies - 1) k;

-- Conversations pair member m with m+1+r (r = 0, 1, ...): distinct pairs, stored ordered.
insert into conversations (id, participant_a, participant_b, last_message_at, created_at, created_by)
select pg_temp.row_id('conversation', k),
       least(pg_temp.member(1 + k % members), pg_temp.member(1 + (k % members + 1 + k / members) % members)),
       greatest(pg_temp.member(1 + k % members), pg_temp.member(1 + (k % members + 1 + k / members) % members)),
       now() - (conversations - k) * interval '1 minute' + (messages / conversations) * interval '10 seconds',
       now() - (conversations - k) * interval '1 minute', pg_temp.member(1 + k % members)
from bench_size, generate_series(0, conversations - 1) k;

insert into messages (id, conversation_id, sender_id, recipient_id, content, is_read, created_at)
select pg_temp.row_id('message', k), c.id,
       case when (k / conversations) % 2 = 0 then c.participant_a else c.participant_b end,
       case when (k / conversations) % 2 = 0 then c.participant_b else c.participant_a end,
       'Sending you love for the new moon. Message ' || k || '.',
       k / conversations < messages / conversations - 1,
       c.created_at + (k / conversations + 1) * interval '10 seconds'
from bench_size cross join generate_series(0, messages - 1) k
join conversations c on c.id = pg_temp.row_id('conversation', k % conversations);

insert into notifications (user_id, type, title, message, read, data, created_at, emailed_at)
select pg_temp.member(1 + k % members), 'post_like', 'New like', 'A sister liked your post',
       k / members > 2, jsonb_build_object('postId', pg_temp.row_id('post', 1 + k % greatest(posts, 1))),
       now() - (notifications - k) * interval '10 seconds', now()
from bench_size, generate_series(0, notifications - 1) k;

insert into notification_preferences (user_id)
select pg_temp.member(i) from bench_size, generate_series(1, members) i;

-- The ledger: 20 rows a member spread over the last 60 days, so this week and month hold some of them.
insert into points_ledger (user_id, amount, reason, idempotency_key, created_at)
select pg_temp.member(1 + k % members), (array[10, 5, 2, 20, 15])[1 + k % 5],
       (array['post', 'comment', 'like_received', 'lesson', 'ritual'])[1 + k % 5], 'bench:' || k,
       now() - ((k::bigint * 7919) % 86400) * interval '60 seconds'
from bench_size, generate_series(0, ledger - 1) k;

insert into user_points (user_id, points, posts_count, comments_count, likes_received, current_streak,
                         longest_streak, level, badges)
select l.user_id, sum(l.amount)::int, 10, 20, 40, 3, 7, 1, '{}'
from points_ledger l where l.user_id like 'bench-%' group by l.user_id;

-- Each member's activity counters from her rows, as the application keeps them (modules/points): posts
-- and topics, comments and forum replies, and the likes others gave her posts (her own like pays nothing).
update user_points u
set posts_count = s.posts_count, comments_count = s.comments_count, likes_received = s.likes_received
from (
  select m.user_id,
         coalesce(p.n, 0) + coalesce(t.n, 0) as posts_count,
         coalesce(c.n, 0) + coalesce(r.n, 0) as comments_count,
         coalesce(l.n, 0) as likes_received
  from user_points m
  left join (select user_id, count(*) as n from posts group by user_id) p on p.user_id = m.user_id
  left join (select user_id, count(*) as n from forum_topics group by user_id) t on t.user_id = m.user_id
  left join (select user_id, count(*) as n from post_comments group by user_id) c on c.user_id = m.user_id
  left join (select user_id, count(*) as n from forum_replies group by user_id) r on r.user_id = m.user_id
  left join (select p.user_id, count(*) as n from post_likes k join posts p on p.id = k.post_id
             where k.user_id <> p.user_id group by p.user_id) l on l.user_id = m.user_id
) s
where s.user_id = u.user_id and u.user_id like 'bench-%';

set session_replication_role = origin;

-- Levels (LEVEL_THRESHOLDS of packages/shared/src/points.ts) and the maintained totals, exactly as the
-- application keeps them.
update user_points set level = case
  when points >= 3300 then 10 when points >= 2400 then 9 when points >= 1700 then 8 when points >= 1200 then 7
  when points >= 800 then 6 when points >= 500 then 5 when points >= 300 then 4 when points >= 150 then 3
  when points >= 50 then 2 else 1 end
where user_id like 'bench-%';
select lunara_recount_maintained_totals();

-- Some rows above are dated minutes ahead of now(): the newest of them, so that the benchmark's ledger
-- check (bench/lib/exactness.ts) knows which rows the application wrote.
create table bench_generated_horizon as
select greatest(
  (select max(created_at) from posts), (select max(created_at) from post_likes),
  (select max(created_at) from post_comments), (select max(created_at) from forum_topics),
  (select max(created_at) from forum_replies), (select max(created_at) from messages),
  (select max(created_at) from points_ledger), now()
) as until;
