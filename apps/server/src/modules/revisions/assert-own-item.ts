import { isModeratorRole, type Role } from '@lunara/shared/roles';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../errors.ts';
import { isBlockedEitherWay } from '../blocks/block-service.ts';

/**
 * Only the author edits her words (staff remove, they never reword). Someone else's item she may not
 * see (hidden for review, or between members who blocked each other) answers as if it were gone, as it
 * does everywhere else, so an edit attempt never tells her it exists.
 */
export async function assertOwnItem(
  tx: Db,
  actor: { id: string; role: Role },
  item: { userId: string; hiddenAt: Date | null },
  messages: { gone: string; notYours: string },
): Promise<void> {
  if (item.userId === actor.id) return;
  const isHiddenFromHer = item.hiddenAt !== null && !isModeratorRole(actor.role);
  if (isHiddenFromHer || (await isBlockedEitherWay(tx, actor.id, item.userId))) throw notFound(messages.gone);
  throw forbidden(messages.notYours);
}
