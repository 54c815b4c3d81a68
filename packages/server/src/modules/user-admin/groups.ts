import { eq } from 'drizzle-orm';
import { effectiveRights, hasRight, type AdminGroup } from '@hortus/contract';
import { userAdminMessages, userAdminRights } from '@hortus/contract/modules/user-admin';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { userRights } from '../../platform/db/schema';
import { invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { readOrgData } from '../../platform/settings/org-data';
import { parametersByGroup } from '../../platform/users/parameter-values';
import { requireGroupChange, deleteGroup, saveGroup } from '../../platform/users/accounts';

/** Every group with its parameters and rights, ordered by name. */
export async function loadAdminGroups(db: Db): Promise<AdminGroup[]> {
  const org = await readOrgData(db);
  const byGroup = await parametersByGroup(db);
  return org.groups.map((group) => {
    const ids = byGroup.get(group.id) ?? [];
    return {
      ...group,
      nutzerparameter: org.parameters
        .filter((parameter) => ids.includes(parameter.id))
        .map((parameter) => parameter.id),
      rechte: [...(org.groupRights.get(group.id) ?? [])].sort(),
    };
  });
}

/**
 * Whether the editor would still hold the right to manage groups if their group `groupId` had the
 * rights `rights` (null: the group is deleted).
 */
async function keepsGroupRight(
  db: Db,
  editor: LoadedUser,
  groupId: number,
  rights: readonly string[] | null,
): Promise<boolean> {
  if (!editor.gruppen.includes(groupId)) return true;
  const org = await readOrgData(db);
  const solo = await db.select().from(userRights).where(eq(userRights.userId, editor.id));
  const groupSets = editor.gruppen.flatMap((id) =>
    id === groupId ? (rights === null ? [] : [rights]) : [org.groupRights.get(id) ?? []],
  );
  const after = effectiveRights(
    groupSets,
    solo.map((row) => row.right),
  );
  return hasRight(after, userAdminRights.groups);
}

/** Creates (id 0) or updates a group with its parameters and rights. */
export async function saveAdminGroup(db: Db, input: AdminGroup, editor: LoadedUser): Promise<AdminGroup> {
  const org = await readOrgData(db);
  const isNew = input.id === 0;
  // Group managers see every group.
  if (!isNew) {
    requireRecord(
      org.groups.find((group) => group.id === input.id),
      { canSee: true },
      userAdminMessages.unknownGroup,
    );
  }
  const rechte = [...new Set(input.rechte)].sort();
  // Checked first: a group with rights the editor lacks stays as it is (the accounts service checks again).
  requireGroupChange(editor, isNew ? [] : (org.groupRights.get(input.id) ?? []));
  const parameterIds = [...new Set(input.nutzerparameter)];
  if (parameterIds.some((id) => !org.parameters.some((parameter) => parameter.id === id))) {
    throw invalid({ nutzerparameter: [userAdminMessages.unknownParameter] });
  }
  if (!isNew && !(await keepsGroupRight(db, editor, input.id, rechte))) {
    throw invalid({ rechte: [userAdminMessages.selfLockout] });
  }
  const groupId = await saveGroup(db, editor, {
    id: input.id,
    values: {
      name: input.name,
      icon: input.icon || 'Group',
      beschreibung: input.beschreibung,
      standard: input.standard,
      forcePwReset: input.forcePwReset,
      totpRequired: input.zweiFaktorPflicht,
    },
    rechte,
    parameterIds,
  });
  const saved = (await loadAdminGroups(db)).find((group) => group.id === groupId);
  if (!saved) throw new Error('saved group not found');
  return saved;
}

/** Deletes a group; memberships, rights and parameter links go with it. */
export async function deleteAdminGroup(db: Db, groupId: number, editor: LoadedUser): Promise<void> {
  const org = await readOrgData(db);
  requireRecord(
    org.groups.find((group) => group.id === groupId),
    { canSee: true },
    userAdminMessages.unknownGroup,
  );
  requireGroupChange(editor, org.groupRights.get(groupId) ?? []);
  if (!(await keepsGroupRight(db, editor, groupId, null))) throw invalid({ data: [userAdminMessages.selfLockout] });
  await deleteGroup(db, editor, groupId);
}
