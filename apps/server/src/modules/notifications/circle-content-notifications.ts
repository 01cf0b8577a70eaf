import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { circleContentVisibleToMember } from '../circles/circle-access.ts';

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** SQL: the uuid at `key` of a notification's data, or null when there is none (never a cast error). */
const dataUuid = (data: AnyColumn | SQL, key: string) =>
  sql`(case when (${data}->>${sql.raw(`'${key}'`)}) ~ ${sql.raw(`'${UUID_PATTERN}'`)} then (${data}->>${sql.raw(`'${key}'`)})::uuid end)`;

/**
 * SQL: the notification leads to nothing of a circle its recipient may no longer see (issue 34): a
 * like, comment or mention on a circle's post, or the circle's "new posts", is hers while she is in
 * the circle (or staff) and gone from her list, her unread count and her digest once she is not; so are
 * notices about its circle-only events and its chat's messages (their titles and previews). Every
 * other notification passes (a declined request about a circle she is not in included).
 */
export function aboutCircleContentSheSees(userId: AnyColumn | SQL, type: AnyColumn | SQL, data: AnyColumn | SQL): SQL {
  return sql`(not exists (
      select 1 from posts np
      where np.id = ${dataUuid(data, 'postId')} and np.circle_id is not null
        and not ${circleContentVisibleToMember(userId, sql`np.circle_id`)})
    and not exists (
      select 1 from circle_events ne
      where ne.id = ${dataUuid(data, 'eventId')} and ne.visibility = 'circle'
        and not ${circleContentVisibleToMember(userId, sql`ne.circle_id`)})
    and not exists (
      select 1 from circles nc
      where nc.conversation_id = ${dataUuid(data, 'conversationId')}
        and not ${circleContentVisibleToMember(userId, sql`nc.id`)})
    and case when ${type} = 'circle_discussion'
      then ${circleContentVisibleToMember(userId, dataUuid(data, 'circleId'))} else true end)`;
}

/**
 * She left (or was removed from) a circle: her notifications about its posts, its circle-only events and
 * its chat go, in the caller's
 * transaction (so the notifications trigger drops her cached list in every process at once, as the
 * reads' filter `aboutCircleContentSheSees` would at her list's next load). Call it with the membership
 * change, as `dropCircleOnlyRsvps`.
 */
export async function dropCircleNotifications(tx: Db, circleId: string, userId: string): Promise<void> {
  await tx.execute(sql`delete from notifications n
    where n.user_id = ${userId}
      and ((n.type = 'circle_discussion' and n.data->>'circleId' = ${circleId})
        or exists (select 1 from posts p where p.id = ${dataUuid(sql.raw('n.data'), 'postId')}
                   and p.circle_id = ${circleId}::uuid)
        or exists (select 1 from circle_events e where e.id = ${dataUuid(sql.raw('n.data'), 'eventId')}
                   and e.circle_id = ${circleId}::uuid and e.visibility = 'circle')
        or exists (select 1 from circles c where c.id = ${circleId}::uuid
                   and c.conversation_id = ${dataUuid(sql.raw('n.data'), 'conversationId')}))`);
}
