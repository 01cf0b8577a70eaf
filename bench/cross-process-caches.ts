// The caches stay exact across processes (issue 35): two server processes on one database, writes
// through both while both are read; one second after the writes stop, every cached answer of both equals
// the answer of a process started afterwards (nothing in its memory predates the writes). A control run
// then changes rows with the triggers off (no NOTIFY): the check must report every cache as stale.
import postgres from 'postgres';
import { runMixLoad } from './cross-process-workers.ts';
import { type Answer, compareAnswers, type Mismatch, type Probe, readAnswers } from './lib/cache-compare.ts';
import { createExtraSessions, type ExtraSession } from './lib/cache-sessions.ts';
import { databaseUrl, type Size } from './lib/databases.ts';
import { rowId } from './lib/endpoints.ts';
import type { BenchOptions, BenchSection } from './lib/section.ts';
import { type RunningServer, startServer, startServers, stopServers } from './lib/server-process.ts';
import { createSessions, memberId } from './lib/sessions.ts';

const PORTS = [3420, 3421];
const FRESH_PORT = 3422;
// The admin assigns roles through the API; the benchmark's admin has no second factor.
const SERVER_ENV = { STAFF_TWO_FACTOR: 'optional' };
const CACHES = ['session', 'feed', 'leaderboard', 'notifications', 'blocks'] as const;
type CacheName = (typeof CACHES)[number];
/** Seconds between the last write and the reading of the cached answers (the budget's "one second"). */
const SETTLE_MS = 1_000;

interface FeedItem {
  id: string;
  author: { id: string };
}
interface FeedPage {
  items: FeedItem[];
  nextCursor: string | null;
}

interface Community {
  admin: string;
  readers: number[];
  cookies: string[];
  devices: ExtraSession[];
  firstPage: FeedItem[];
  secondPage: FeedItem[];
  secondCursor: string;
}

const cookieOf = (community: Community, member: number) => community.cookies[member - 1] as string;

/** What is read through every process: each reader's cached answers, and the leaderboards. */
function probesFor(community: Community): Probe[] {
  const probes: Probe[] = [];
  for (const member of community.readers) {
    const cookie = cookieOf(community, member);
    const label = `member ${member}`;
    probes.push({ cache: 'session', path: '/api/me', cookie, label });
    probes.push({ cache: 'feed', path: '/api/posts', cookie, label });
    probes.push({ cache: 'notifications', path: '/api/notifications', cookie, label });
    // The second page is read from the database each time but filtered by the member's kept blocks.
    const cursor = encodeURIComponent(community.secondCursor);
    probes.push({ cache: 'blocks', path: `/api/posts?cursor=${cursor}`, cookie, label });
  }
  for (const device of community.devices) {
    probes.push({
      cache: 'session',
      path: '/api/me',
      cookie: device.cookie,
      label: `member ${device.member}, 2nd device`,
    });
  }
  for (const member of community.readers.slice(0, 5)) {
    for (const period of ['all', 'week', 'month']) {
      probes.push({
        cache: 'leaderboard',
        path: `/api/leaderboard?period=${period}`,
        cookie: cookieOf(community, member),
        label: `member ${member}`,
      });
    }
  }
  return probes;
}

interface WriteTally {
  sent: Record<string, number>;
  failed: Record<string, number>;
  failures: string[];
}

/**
 * Writes through the two processes in turn, of every kind that changes a cached answer: `write(n)` is
 * the n-th (its kind n % 9). `touched` records what must be put back afterwards.
 */
function createWriter(
  servers: RunningServer[],
  community: Community,
  touched: { roles: Set<string>; blocks: Set<string>; names: Set<string> },
) {
  const tally: WriteTally = { sent: {}, failed: {}, failures: [] };
  const devices = [...community.devices];
  const newPosts: string[] = [];
  // Authors of the second page only: a member may not like the post of someone she blocked (404).
  const onFirstPage = new Set(community.firstPage.map((item) => item.author.id));
  // Nor a reader: she writes the new posts the others comment on.
  const readerIds = new Set(community.readers.map(memberId));
  const blockTargets = community.secondPage
    .map((item) => item.author.id)
    .filter((id) => !onFirstPage.has(id) && !readerIds.has(id));
  const write = async (
    kind: string,
    server: RunningServer,
    method: string,
    path: string,
    cookie: string,
    body?: unknown,
  ) => {
    tally.sent[kind] = (tally.sent[kind] ?? 0) + 1;
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) {
      tally.failed[kind] = (tally.failed[kind] ?? 0) + 1;
      if (tally.failures.length < 5) tally.failures.push(`${kind}: ${response.status} ${text.slice(0, 120)}`);
    }
    return text;
  };
  const writeStep = async (n: number) => {
    {
      const server = servers[n % servers.length] as RunningServer;
      const member = community.readers[(n * 7) % community.readers.length] as number;
      const cookie = cookieOf(community, member);
      const post = community.firstPage[n % community.firstPage.length] as FeedItem;
      // Every ninth round of the same kind undoes the previous one (likes, roles, blocks toggle).
      const round = Math.floor(n / 9);
      switch (n % 9) {
        case 0:
          await write('like', server, round % 2 ? 'DELETE' : 'PUT', `/api/posts/${post.id}/like`, cookie);
          break;
        case 1: {
          const target = newPosts[newPosts.length - 1 - (n % 5)] ?? post.id;
          await write('comment', server, 'POST', `/api/posts/${target}/comments`, cookie, {
            content: `Benchmark comment ${n}`,
          });
          break;
        }
        case 2: {
          const text = await write('post', server, 'POST', '/api/posts', cookie, {
            title: `Benchmark post ${n}`,
            content: 'Written while two processes read their caches',
          });
          const id = (JSON.parse(text) as { id?: string }).id;
          if (id) newPosts.push(id);
          break;
        }
        case 3:
          await write('notifications read', server, 'POST', '/api/notifications/read-all', cookie, {});
          break;
        case 4:
          await write(
            'message',
            server,
            'POST',
            `/api/conversations/${rowId('conversation', member - 1)}/messages`,
            cookie,
            {
              content: `Benchmark message ${n}`,
            },
          );
          break;
        case 5:
          touched.names.add(memberId(member));
          await write('rename', server, 'PUT', '/api/account/profile', cookie, {
            displayName: `Bench member ${member} ·${n}`,
          });
          break;
        case 6: {
          const target = memberId(member);
          const role = touched.roles.has(target) ? 'user' : 'moderator';
          if (role === 'moderator') touched.roles.add(target);
          else touched.roles.delete(target);
          await write('role', server, 'PUT', `/api/users/${target}/role`, community.admin, { role });
          break;
        }
        case 7: {
          const device = devices.shift();
          if (device) {
            await write(
              'sign-out',
              server,
              'DELETE',
              `/api/account/sessions/${device.id}`,
              cookieOf(community, device.member),
            );
          }
          break;
        }
        default: {
          const blocked = blockTargets[round % Math.max(1, blockTargets.length)];
          if (!blocked || blocked === memberId(member)) break;
          const pair = `${memberId(member)} ${blocked}`;
          const blocking = !touched.blocks.has(pair);
          if (blocking) touched.blocks.add(pair);
          else touched.blocks.delete(pair);
          await write('block', server, blocking ? 'PUT' : 'DELETE', `/api/blocks/${blocked}`, cookie);
        }
      }
    }
  };
  return { tally, write, writeStep };
}

/** Three writers at once until `until` resolves. */
async function writeUntil(writer: ReturnType<typeof createWriter>, until: Promise<unknown>): Promise<void> {
  let done = false;
  void until.then(() => {
    done = true;
  });
  let step = 0;
  const loop = async () => {
    while (!done) await writer.writeStep(step++);
  };
  await Promise.all([loop(), loop(), loop()]);
}

/** The answers of the given processes, read at once, and those of a process started now. */
async function compareWithFresh(
  url: string,
  servers: RunningServer[],
  probes: Probe[],
): Promise<{ mismatches: Mismatch[]; compared: number }> {
  const cached = await Promise.all(servers.map((server) => readAnswers(server.url, probes)));
  const fresh = await startServer(url, FRESH_PORT, SERVER_ENV);
  let freshAnswers: Answer[];
  try {
    freshAnswers = await readAnswers(fresh.url, probes);
  } finally {
    await fresh.stop();
  }
  const mismatches = cached.flatMap((answers, i) => compareAnswers(probes, freshAnswers, answers, `process ${i + 1}`));
  return { mismatches, compared: cached.length * probes.length };
}

async function readPage(server: RunningServer, cookie: string, cursor?: string): Promise<FeedPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const response = await fetch(`${server.url}/api/posts${query}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`feed: ${response.status} ${await response.text()}`);
  return (await response.json()) as FeedPage;
}

interface Silent {
  postId: string;
  notificationMember: string;
  roleMember: string;
  renamed: string;
  blocker: string;
  blocked: string;
}

/**
 * Changes, with the triggers off (no NOTIFY), one thing each cache shows: a post's title on the first
 * page, a reader's notification, a reader's role, the name of the all-time leader, a block.
 */
async function changeSilently(url: string, community: Community, server: RunningServer): Promise<Silent> {
  const leaders = (await (
    await fetch(`${server.url}/api/leaderboard?period=all`, { headers: { cookie: cookieOf(community, 2) } })
  ).json()) as { entries: Array<{ userId: string }> };
  const renamed = leaders.entries[0]?.userId ?? '';
  const readers = community.readers;
  const blocker = memberId(readers[2] as number);
  const blocked =
    community.secondPage
      .map((item) => item.author.id)
      .find((id) => id !== blocker && !community.firstPage.some((item) => item.author.id === id)) ??
    (community.secondPage[0]?.author.id as string);
  const silent: Silent = {
    // The first page as it is now: the writes have pushed the posts it began with down.
    postId: (await readPage(server, cookieOf(community, readers[3] as number))).items[0]?.id as string,
    notificationMember: memberId(readers[0] as number),
    roleMember: memberId(readers[1] as number),
    renamed,
    blocker,
    blocked,
  };
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`update posts set title = title || ' (silently)' where id = ${silent.postId}`;
      await tx`update notifications set read = not read where id = (
        select id from notifications where user_id = ${silent.notificationMember} order by created_at desc, id desc limit 1)`;
      await tx`update user_roles set role = 'moderator' where user_id = ${silent.roleMember}`;
      await tx`update profiles set display_name = display_name || ' (silently)' where id = ${silent.renamed}`;
      await tx`insert into member_blocks (blocker_id, blocked_id) values (${silent.blocker}, ${silent.blocked}) on conflict do nothing`;
    });
  } finally {
    await sql.end();
  }
  return silent;
}

/** Puts back what the control changed, with the triggers on: their notices clear every cache. */
async function undoSilent(url: string, silent: Silent): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      await tx`update posts set title = left(title, length(title) - length(' (silently)')) where id = ${silent.postId} and title like '% (silently)'`;
      await tx`update notifications set read = not read where id = (
        select id from notifications where user_id = ${silent.notificationMember} order by created_at desc, id desc limit 1)`;
      await tx`update user_roles set role = 'user' where user_id = ${silent.roleMember}`;
      await tx`update profiles set display_name = left(display_name, length(display_name) - length(' (silently)')) where id = ${silent.renamed} and display_name like '% (silently)'`;
      await tx`delete from member_blocks where blocker_id = ${silent.blocker} and blocked_id = ${silent.blocked}`;
    });
  } finally {
    await sql.end();
  }
}

/** Back as generate.sql made them: roles, names and blocks the writes changed (the triggers tell the caches). */
async function restoreCommunity(
  url: string,
  touched: { roles: Set<string>; blocks: Set<string>; names: Set<string> },
  names: Map<string, string>,
): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    for (const id of touched.roles) await sql`update user_roles set role = 'user' where user_id = ${id}`;
    for (const pair of touched.blocks) {
      const [blocker, blocked] = pair.split(' ');
      await sql`delete from member_blocks where blocker_id = ${blocker ?? ''} and blocked_id = ${blocked ?? ''}`;
    }
    for (const id of touched.names) {
      const name = names.get(id);
      if (name !== undefined) await sql`update profiles set display_name = ${name} where id = ${id}`;
    }
  } finally {
    await sql.end();
  }
}

async function displayNames(url: string, ids: string[]): Promise<Map<string, string>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ id: string; display_name: string }[]>`
      select id, display_name from profiles where id = any(${ids})`;
    return new Map(rows.map((row) => [row.id, row.display_name]));
  } finally {
    await sql.end();
  }
}

interface RankedByRole {
  id: string;
  role: string;
  status: string;
}

/**
 * A ranked member who is not a reader, made a moderator whose membership has ended (before any server
 * starts): her role alone keeps her on the leaderboards, so the last write (her role taken back through
 * one process) must drop her from the boards of the other. Put back by `restoreRanked`.
 */
async function rankByRoleAlone(url: string, readers: number[]): Promise<RankedByRole> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const excluded = [memberId(1), ...readers.map(memberId)];
    const [row] = await sql<RankedByRole[]>`
      select p.user_id as id, coalesce(r.role, 'user') as role, s.status
      from user_points p join subscriptions s on s.user_id = p.user_id left join user_roles r on r.user_id = p.user_id
      where p.points > 0 and s.status = 'active' and p.user_id <> all(${excluded})
      order by p.points desc, p.user_id limit 1`;
    if (!row) throw new Error('no ranked member to take a role from');
    await sql`update subscriptions set status = 'canceled' where user_id = ${row.id}`;
    await sql`insert into user_roles (user_id, role) values (${row.id}, 'moderator')
              on conflict (user_id) do update set role = 'moderator'`;
    return row;
  } finally {
    await sql.end();
  }
}

async function restoreRanked(url: string, ranked: RankedByRole): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`update subscriptions set status = ${ranked.status} where user_id = ${ranked.id}`;
    await sql`update user_roles set role = ${ranked.role} where user_id = ${ranked.id}`;
  } finally {
    await sql.end();
  }
}

const countBy = (mismatches: Mismatch[]) => {
  const counts: Record<string, number> = {};
  for (const mismatch of mismatches) counts[mismatch.cache] = (counts[mismatch.cache] ?? 0) + 1;
  return counts;
};

export async function benchCaches(options: BenchOptions): Promise<BenchSection> {
  const { log } = options;
  const size: Size = options.quick ? 'small' : 'full';
  const url = databaseUrl(size);
  const readerCount = options.quick ? 50 : 200;
  const readers = Array.from({ length: readerCount }, (_, i) => i + 2);
  const seconds = Math.max(3, options.durationSeconds);
  log(`\n== caches across processes: ${size}, 2 processes, ${readerCount} members, writes for ${seconds} s`);

  const cookies = await createSessions(url, readerCount + 1);
  const devices = await createExtraSessions(url, readers.slice(0, 20));
  const names = await displayNames(url, readers.map(memberId));
  const touched = { roles: new Set<string>(), blocks: new Set<string>(), names: new Set<string>() };
  const ranked = await rankByRoleAlone(url, readers);
  const servers = await startServers(url, PORTS, SERVER_ENV);
  try {
    const first = servers[0] as RunningServer;
    const firstPage = await readPage(first, cookies[1] as string);
    const secondPage = await readPage(first, cookies[1] as string, firstPage.nextCursor ?? undefined);
    const community: Community = {
      admin: cookies[0] as string,
      readers,
      cookies,
      devices,
      firstPage: firstPage.items,
      secondPage: secondPage.items,
      secondCursor: firstPage.nextCursor ?? '',
    };
    const probes = probesFor(community);
    // Every answer kept in both processes before the writes begin.
    for (const server of servers) await readAnswers(server.url, probes);

    const reads = runMixLoad({
      targets: servers.map((server) => ({ url: server.url, pid: server.pid })),
      connections: options.quick ? 10 : 20,
      durationSeconds: seconds,
      warmupSeconds: 1,
      requests: probes.map((probe) => ({ method: 'GET', path: probe.path, cookie: probe.cookie })),
    });
    const writer = createWriter(servers, community, touched);
    await writeUntil(writer, reads);
    const load = await reads;
    // The load's last writes may have left caches empty (nothing left to be stale). Both processes read
    // everything again, then the last write: through one process, the role that alone ranked a member on
    // the leaderboards is taken back, and the other must drop her too.
    await Promise.all(servers.map((server) => readAnswers(server.url, probes)));
    await writer.write('role (ranked by it alone)', first, 'PUT', `/api/users/${ranked.id}/role`, community.admin, {
      role: 'user',
    });
    const { tally } = writer;
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, stoppedAt + SETTLE_MS - Date.now())));
    const { mismatches, compared } = await compareWithFresh(url, servers, probes);
    const writes = Object.values(tally.sent).reduce((sum, count) => sum + count, 0);
    const writeErrors = Object.values(tally.failed).reduce((sum, count) => sum + count, 0);
    log(
      `${writes} writes (${writeErrors} refused), ${load.requests} reads (${load.errors} not 2xx) during the writes; ` +
        `${compared} cached answers compared: ${mismatches.length} differ`,
    );
    for (const failure of tally.failures) log(`  write refused: ${failure}`);
    for (const mismatch of mismatches.slice(0, 5)) {
      log(
        `  ${mismatch.server} ${mismatch.cache} ${mismatch.label} ${mismatch.path}:\n    fresh  ${mismatch.fresh}\n    cached ${mismatch.cached}`,
      );
    }

    // The control: the same comparison after changes that send no notice must see every cache stale.
    const silent = await changeSilently(url, community, first);
    let control: Mismatch[];
    try {
      control = (await compareWithFresh(url, servers, probes)).mismatches;
    } finally {
      await undoSilent(url, silent);
    }
    const caught = countBy(control);
    const missed = CACHES.filter((cache) => !caught[cache]);
    log(
      `control (rows changed with the triggers off): stale answers found in ${CACHES.length - missed.length} of ${CACHES.length} caches` +
        (missed.length ? ` (not in ${missed.join(', ')})` : ''),
    );

    const byCache = countBy(mismatches);
    const probesPer = (cache: CacheName) => probes.filter((probe) => probe.cache === cache).length * servers.length;
    const markdown = [
      `Two server processes on \`lunara_bench_${size}\`; ${readerCount} members each read their cached answers through both`,
      `(${load.requests} reads, ${seconds} s) while ${writes} writes went through the two in turn (likes, comments, posts,`,
      'notifications read, messages, name and role changes, other devices signed out, blocks). Both then read everything',
      'again, and the last write took back, through one, the role that alone ranked a member. One second after it, every',
      'answer below was read from both processes and from a process started afterwards (nothing in its memory',
      'predates the writes). Control: rows changed with the triggers off (no NOTIFY) must show as stale in every cache.',
      '',
      '| cache | answers compared | differ after the writes | control: stale found |',
      '|---|---:|---:|---:|',
      ...CACHES.map((cache) => `| ${cache} | ${probesPer(cache)} | ${byCache[cache] ?? 0} | ${caught[cache] ?? 0} |`),
      '',
      `Writes: ${Object.entries(tally.sent)
        .map(([kind, count]) => `${kind} ${count}${tally.failed[kind] ? ` (${tally.failed[kind]} refused)` : ''}`)
        .join(', ')}.`,
      ...(mismatches.length
        ? [
            '',
            'First differences:',
            '',
            ...mismatches
              .slice(0, 5)
              .map(
                (m) =>
                  `- ${m.server}, ${m.cache}, ${m.label} \`${m.path}\`: fresh \`${m.fresh}\`, cached \`${m.cached}\``,
              ),
          ]
        : []),
    ].join('\n');
    return {
      key: 'caches',
      title: 'Caches across processes',
      budgets: [
        {
          name: `Caches across processes (${size}, 2 processes): every cached answer equals a fresh read 1 s after the writes`,
          value: `${mismatches.length} of ${compared} differ; ${writes} writes, ${writeErrors} refused`,
          pass: mismatches.length === 0 && compared > 0 && writes > 0 && writeErrors === 0 && load.errors === 0,
        },
        {
          name: 'Caches across processes: the check finds a change made without its notice (control)',
          value: `stale in ${CACHES.length - missed.length} of ${CACHES.length} caches`,
          pass: missed.length === 0,
        },
      ],
      markdown,
      data: { size, readers: readerCount, seconds, reads: load, writes: tally, compared, mismatches, control: caught },
    };
  } finally {
    await stopServers(servers);
    await restoreCommunity(url, touched, names);
    await restoreRanked(url, ranked);
  }
}
