import { MEDIA_KINDS, type StorageTotals } from '@lunara/shared/media';
import { desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { mediaTotals, memberStorage } from '../../db/schema/media.ts';
import { profiles } from '../../db/schema/members.ts';

/** How many members the storage list shows (those storing the most). */
export const STORAGE_TOP_MEMBERS = 50;

/**
 * What storage holds: the five per-kind totals and the members storing the most, both kept by
 * migration 0013's trigger, so this reads five rows and fifty from an index whatever the size.
 */
export async function getStorageTotals(db: Db): Promise<StorageTotals> {
  const [kinds, members] = await Promise.all([
    db.select().from(mediaTotals),
    db
      .select({
        userId: memberStorage.userId,
        displayName: profiles.displayName,
        bytes: memberStorage.bytes,
        files: memberStorage.files,
      })
      .from(memberStorage)
      .innerJoin(profiles, eq(profiles.id, memberStorage.userId))
      .where(gt(memberStorage.files, 0))
      .orderBy(desc(memberStorage.bytes), memberStorage.userId)
      .limit(builderLimit(STORAGE_TOP_MEMBERS)),
  ]);
  const byKind = MEDIA_KINDS.map((kind) => {
    const row = kinds.find((candidate) => candidate.kind === kind);
    return { kind, bytes: Number(row?.bytes ?? 0), files: row?.files ?? 0 };
  });
  return {
    totalBytes: byKind.reduce((sum, kind) => sum + kind.bytes, 0),
    files: byKind.reduce((sum, kind) => sum + kind.files, 0),
    byKind,
    members: members.map((member) => ({ ...member, bytes: Number(member.bytes) })),
  };
}
