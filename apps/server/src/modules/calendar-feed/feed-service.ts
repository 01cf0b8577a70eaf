import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeed } from '@lunara/shared/calendar';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { circleEvents, eventRsvps } from '../../db/schema/circles.ts';
import { calendarFeeds } from '../../db/schema/event-reminders.ts';
import { notFound } from '../../errors.ts';
import { canUseCommunity } from '../billing/community-access.ts';
import { eventVisibleToMember } from '../circles/circle-access.ts';
import { renderFeed } from '../events/ics.ts';
import { holdsMeetingSeat } from '../events/meeting-seat.ts';
import { isSuspendedAt } from '../suspensions/active-suspension.ts';

/** The feed's bound: her events from a month back on, newest first (a calendar keeps what it saw before). */
export const FEED_MAX_EVENTS = 500;
const FEED_PAST_DAYS = 30;
/** How often calendar apps are asked to fetch it again. */
const REFRESH_MINUTES = 60;
/** 32 random bytes: unguessable; base64url keeps it one path segment. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Her feed's address in both forms; only ever built from a token just made. */
function feedUrls(appUrl: string, token: string) {
  const https = new URL(`/calendar/${token}.ics`, appUrl);
  return { httpsUrl: https.toString(), webcalUrl: `webcal://${https.host}${https.pathname}` };
}

export async function getCalendarFeed(db: Db, userId: string): Promise<CalendarFeed> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return { enabled: Boolean(row), httpsUrl: null, webcalUrl: null, createdAt: row?.createdAt.toISOString() ?? null };
}

/**
 * Turns her feed on, or resets it: a new token whose hash replaces the old one in one write, so the old
 * address stops working at once. The token is returned this once and stored nowhere.
 */
export async function createCalendarFeed(db: Db, userId: string, appUrl: string): Promise<CalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashToken(token) })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashToken(token), createdAt: sql`now()` } })
    .returning();
  return { enabled: true, ...feedUrls(appUrl, token), createdAt: row?.createdAt.toISOString() ?? null };
}

export async function deleteCalendarFeed(db: Db, userId: string): Promise<CalendarFeed> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return { enabled: false, httpsUrl: null, webcalUrl: null, createdAt: null };
}

const FEED_GONE = 'This calendar link does not exist or was reset';

/**
 * Her feed, by token: the events she is going to or may attend and can still see (cancelled ones stay,
 * marked cancelled, so her calendar drops them; a circle-only one of a circle she left is gone), with
 * their meeting links (she is an attendee). An unknown or reset token, or a
 * member who can no longer use the community (lapsed or suspended), gets the same 404: the address tells
 * nobody whether it ever worked.
 */
export async function renderCalendarFeed(
  db: Db,
  token: string,
  app: { appUrl: string; productName: string },
  now = new Date(),
): Promise<string> {
  if (!TOKEN_PATTERN.test(token)) throw notFound(FEED_GONE);
  const [owner] = await queryRows<{ user_id: string }>(
    db,
    sql`select f.user_id from calendar_feeds f
        where f.token_hash = ${hashToken(token)} and ${canUseCommunity(sql`f.user_id`)}
          and not ${isSuspendedAt(sql`f.user_id`)}`,
  );
  if (!owner) throw notFound(FEED_GONE);
  const rows = await db
    .select({ event: circleEvents, holdsSeat: holdsMeetingSeat })
    .from(eventRsvps)
    .innerJoin(circleEvents, eq(circleEvents.id, eventRsvps.eventId))
    .where(
      and(
        eq(eventRsvps.userId, owner.user_id),
        inArray(eventRsvps.status, ['going', 'maybe']),
        gt(circleEvents.eventDate, new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000)),
        eventVisibleToMember(eventRsvps.userId, circleEvents.visibility, circleEvents.circleId),
      ),
    )
    .orderBy(desc(circleEvents.eventDate), desc(circleEvents.id))
    .limit(builderLimit(FEED_MAX_EVENTS));
  const host = new URL(app.appUrl).hostname;
  return renderFeed(
    { name: `${app.productName} events`, productName: app.productName, refreshMinutes: REFRESH_MINUTES },
    rows.map(({ event, holdsSeat }) => {
      const meetingLink = holdsSeat ? event.meetingLink : null;
      return {
        id: event.id,
        title: event.title,
        description: event.description,
        start: event.eventDate,
        end: new Date(event.eventDate.getTime() + event.durationMinutes * 60_000),
        location: event.isVirtual ? (meetingLink ?? 'Online') : event.location,
        url: meetingLink,
        host,
        productName: app.productName,
        // Seconds since it was made: grows with every edit (and the cancel), as SEQUENCE must.
        sequence: Math.max(0, Math.floor((event.updatedAt.getTime() - event.createdAt.getTime()) / 1000)),
        lastModified: event.updatedAt,
        cancelled: event.isCancelled,
      };
    }),
    now,
  );
}
