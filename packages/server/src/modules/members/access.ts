import type { AdminUser } from '@hortus/contract';
import { membersMessages, type MemberSettings } from '@hortus/contract/modules/members';
import type { Db } from '../../platform/db/database';
import { requireRecord } from '../../platform/http/records';
import { loadAdminUser } from '../../platform/users/admin-users';
import { readMemberSettings } from './settings';

/**
 * Who is in the directory (100): a user with the show flag in a shown group (none chosen = any group). Every
 * holder of x|100|000 sees every listed member; which values they see follows the parameters' f100 conditions.
 */
export function canSeeMember(user: { show: boolean; gruppen: readonly number[] }, settings: MemberSettings): boolean {
  if (!user.show) return false;
  return settings.anzeigeGruppen.length === 0
    ? user.gruppen.length > 0
    : user.gruppen.some((id) => settings.anzeigeGruppen.includes(id));
}

/**
 * A member as stored (AdminUser) for a viewer of the directory. Unknown users and users the directory
 * does not list answer notFound; `canChange` (optional) answers noRight for a listed one.
 */
export async function requireMember(
  db: Db,
  id: number,
  canChange?: (member: AdminUser) => boolean,
): Promise<AdminUser> {
  const settings = await readMemberSettings(db);
  return requireRecord(
    await loadAdminUser(db, id),
    { canSee: (member) => canSeeMember(member, settings), ...(canChange ? { canChange } : {}) },
    membersMessages.unknownMember,
  );
}
