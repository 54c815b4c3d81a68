import { memberSettings, membersModule, type MemberSettings } from '@hortus/contract/modules/members';
import { userAdminMessages } from '@hortus/contract/modules/user-admin';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';
import { readOrgData } from '../../platform/settings/org-data';

/** Member settings (module 100) in the platform's module-settings store. */

const defaults: MemberSettings = { anzeigeGruppen: [] };

/**
 * The settings in effect: group ids that no longer exist are dropped (a deleted group shows nobody),
 * so the reply of getSettings can always be saved again unchanged.
 */
export async function readMemberSettings(db: Db): Promise<MemberSettings> {
  const stored = await readModuleSettings(db, membersModule.code, memberSettings, defaults);
  const known = new Set((await readOrgData(db)).groups.map((group) => group.id));
  return { anzeigeGruppen: stored.anzeigeGruppen.filter((id) => known.has(id)) };
}

/** Saves the settings after checking that every group exists; answers what was stored (sorted, without duplicates). */
export async function saveMemberSettings(db: Db, input: MemberSettings): Promise<MemberSettings> {
  const known = new Set((await readOrgData(db)).groups.map((group) => group.id));
  const anzeigeGruppen = [...new Set(input.anzeigeGruppen)].sort((a, b) => a - b);
  if (anzeigeGruppen.some((id) => !known.has(id))) {
    throw invalid({ anzeigeGruppen: [userAdminMessages.unknownGroup] });
  }
  const value: MemberSettings = { anzeigeGruppen };
  await writeModuleSettings(db, membersModule.code, value);
  return value;
}
