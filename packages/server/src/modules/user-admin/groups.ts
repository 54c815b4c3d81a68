import { eq } from 'drizzle-orm';
import {
  effectiveRights,
  hasRight,
  messages,
  userAdminMessages,
  userAdminRights,
  type AdminGroup,
  type FieldErrors,
} from '@hortus/contract';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { groupParameters, groupRights, groups, userRights } from '../../platform/db/schema';
import { CallError } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { invalidateOrgData, readOrgData } from '../../platform/settings/org-data';
import { membersOf, parametersByGroup, recomputeIdents } from '../../platform/users/parameter-values';
import { addedRights, grantErrors, holdsAllOf, keepingAdmins } from '../../platform/users/rights-guard';

function refuse(errors: FieldErrors): never {
  throw new CallError('validationError', messages.validationFailed, errors);
}

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
  const before = isNew ? [] : (org.groupRights.get(input.id) ?? []);
  // A group with rights the editor lacks is someone stronger's: it stays as it is.
  if (!holdsAllOf(editor.rechte, before)) throw new CallError('noRight', userAdminMessages.strongerGroup);
  const rightErrors = grantErrors(editor.rechte, addedRights(before, rechte), 'rechte');
  if (Object.keys(rightErrors).length > 0) refuse(rightErrors);
  const parameterIds = [...new Set(input.nutzerparameter)];
  if (parameterIds.some((id) => !org.parameters.some((parameter) => parameter.id === id))) {
    refuse({ nutzerparameter: [userAdminMessages.unknownParameter] });
  }
  if (!isNew && !(await keepsGroupRight(db, editor, input.id, rechte))) {
    refuse({ rechte: [userAdminMessages.selfLockout] });
  }

  const values = {
    name: input.name,
    icon: input.icon || 'Group',
    beschreibung: input.beschreibung,
    standard: input.standard,
    forcePwReset: input.forcePwReset,
  };
  let groupId = input.id;
  try {
    await keepingAdmins(db, 'rechte', async (tx) => {
      if (isNew) {
        const [created] = await tx.insert(groups).values(values).returning({ id: groups.id });
        if (!created) throw new Error('group not created');
        groupId = created.id;
      } else {
        await tx.update(groups).set(values).where(eq(groups.id, groupId));
        await tx.delete(groupRights).where(eq(groupRights.groupId, groupId));
        await tx.delete(groupParameters).where(eq(groupParameters.groupId, groupId));
      }
      if (rechte.length > 0) await tx.insert(groupRights).values(rechte.map((right) => ({ groupId, right })));
      if (parameterIds.length > 0) {
        await tx.insert(groupParameters).values(parameterIds.map((parameterId) => ({ groupId, parameterId })));
      }
      // The applicable identification parameters of the members may have changed.
      if (!isNew) await recomputeIdents(tx, await membersOf(tx, groupId));
    });
  } finally {
    await invalidateOrgData(db);
  }
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
  if (!holdsAllOf(editor.rechte, org.groupRights.get(groupId) ?? [])) {
    throw new CallError('noRight', userAdminMessages.strongerGroup);
  }
  if (!(await keepsGroupRight(db, editor, groupId, null))) refuse({ data: [userAdminMessages.selfLockout] });
  const members = await membersOf(db, groupId);
  try {
    await keepingAdmins(db, 'data', async (tx) => {
      await tx.delete(groups).where(eq(groups.id, groupId));
      await recomputeIdents(tx, members);
    });
  } finally {
    await invalidateOrgData(db);
  }
}
