import { eq, inArray } from 'drizzle-orm';
import { grantableRights, type RightNode } from '@hortus/contract';
import type { Db } from '../db/database';
import { groupRights, serverSettings, userRights } from '../db/schema';
import { invalidateOrgData } from '../settings/org-data';
import { cacheScope, invalidate } from '../cache/hot-cache';

const KNOWN_RIGHTS_KEY = 'knownRights';

/**
 * When an update brings new rights, groups and users that held every right known before (the
 * administrators) receive the new ones too, so an administrator stays an administrator. Nobody
 * else gains anything.
 */
export async function syncKnownRights(db: Db, tree: RightNode): Promise<void> {
  const current = grantableRights(tree).sort();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(serverSettings).where(eq(serverSettings.key, KNOWN_RIGHTS_KEY));
    const known = Array.isArray(row?.value) ? (row.value as string[]) : null;
    if (known) {
      const added = current.filter((right) => !known.includes(right));
      const stillKnown = known.filter((right) => current.includes(right));
      if (added.length > 0 && stillKnown.length > 0) {
        const groupRows = await tx.select().from(groupRights).where(inArray(groupRights.right, stillKnown));
        const userRows = await tx.select().from(userRights).where(inArray(userRights.right, stillKnown));
        const fullGroups = holdersOfAll(
          groupRows.map((r) => [r.groupId, r.right]),
          stillKnown,
        );
        const fullUsers = holdersOfAll(
          userRows.map((r) => [r.userId, r.right]),
          stillKnown,
        );
        if (fullGroups.length > 0) {
          await tx
            .insert(groupRights)
            .values(fullGroups.flatMap((groupId) => added.map((right) => ({ groupId, right }))))
            .onConflictDoNothing();
        }
        if (fullUsers.length > 0) {
          await tx
            .insert(userRights)
            .values(fullUsers.flatMap((userId) => added.map((right) => ({ userId, right }))))
            .onConflictDoNothing();
        }
      }
    }
    await tx
      .insert(serverSettings)
      .values({ key: KNOWN_RIGHTS_KEY, value: current })
      .onConflictDoUpdate({ target: serverSettings.key, set: { value: current } });
  });
  await invalidateOrgData(db);
  await invalidate(db, cacheScope.user);
}

function holdersOfAll(pairs: [number, string][], rights: readonly string[]): number[] {
  const byHolder = new Map<number, Set<string>>();
  for (const [holder, right] of pairs) {
    const set = byHolder.get(holder) ?? new Set<string>();
    set.add(right);
    byHolder.set(holder, set);
  }
  return [...byHolder].filter(([, held]) => rights.every((right) => held.has(right))).map(([holder]) => holder);
}
