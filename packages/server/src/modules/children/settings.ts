import { asc } from 'drizzle-orm';
import {
  childrenMessages,
  childrenModule,
  childrenSettings,
  defaultChildrenSettings,
  type ChildrenSettings,
} from '@hortus/contract/modules/children';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { groups } from '../../platform/db/schema';
import { invalid } from '../../platform/http/calls';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';
import { requireDesignation } from '../../platform/users/accounts';

export function readChildrenSettings(db: Db): Promise<ChildrenSettings> {
  return readModuleSettings(db, childrenModule.code, childrenSettings, defaultChildrenSettings);
}

export async function groupList(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: groups.id, name: groups.name }).from(groups).orderBy(asc(groups.name), asc(groups.id));
}

/**
 * settings (x|200|set, checked by the dispatcher from the action's rights). A changed parent group must
 * exist and be one the platform lets a module designate (no administration right, none the editor lacks).
 */
export async function saveChildrenSettings(db: Db, editor: Caller, input: ChildrenSettings): Promise<void> {
  if (input.id_nutzergruppe_eltern !== 0) {
    const known = await groupList(db);
    if (!known.some((group) => group.id === input.id_nutzergruppe_eltern)) {
      throw invalid({ id_nutzergruppe_eltern: [childrenMessages.unknownGroup] });
    }
  }
  if (input.id_nutzergruppe_eltern !== (await readChildrenSettings(db)).id_nutzergruppe_eltern) {
    await requireDesignation(db, editor, input.id_nutzergruppe_eltern, 'id_nutzergruppe_eltern');
  }
  await writeChildrenSettings(db, input);
}

/** Writes the settings (release times sorted, conditions of dropped times removed); the parent group as given. */
export async function writeChildrenSettings(db: Db, input: ChildrenSettings): Promise<void> {
  const times = [...new Set(input.moeglicheEntlasszeiten)].sort();
  const conditions = Object.fromEntries(
    Object.entries(input.moeglicheEntlasszeiten_bedingungen).filter(([time]) => times.includes(time)),
  );
  await writeModuleSettings(db, childrenModule.code, {
    ...input,
    moeglicheEntlasszeiten: times,
    moeglicheEntlasszeiten_bedingungen: conditions,
  });
}
