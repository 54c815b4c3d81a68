import { randomBytes } from 'node:crypto';
import type { Condition } from '@hortus/contract';
import { hashPassword } from '../platform/auth/password';
import type { Db } from '../platform/db/database';
import { invalidateOrgData } from '../platform/settings/org-data';
import { invalidateUsers } from '../platform/cache/hot-cache';
import {
  groupParameters,
  groupRights,
  groups,
  parameterOptions,
  userGroups,
  userParameterValues,
  userParameters,
  userRights,
  users,
} from '../platform/db/schema';

/**
 * Builders shared by the demo seed and the tests. Every builder takes overrides and otherwise
 * produces unique data, so tests can run side by side without resets.
 */
export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

export interface GroupInput {
  name?: string;
  icon?: string;
  beschreibung?: string;
  rechte?: string[];
  standard?: boolean;
  forcePwReset?: boolean;
  totpRequired?: boolean;
  parameterIds?: number[];
}

export async function createGroup(db: Db, input: GroupInput = {}): Promise<number> {
  const [group] = await db
    .insert(groups)
    .values({
      name: input.name ?? `Gruppe ${uniqueSuffix()}`,
      icon: input.icon ?? 'Group',
      beschreibung: input.beschreibung ?? '',
      standard: input.standard ?? false,
      forcePwReset: input.forcePwReset ?? false,
      totpRequired: input.totpRequired ?? false,
    })
    .returning({ id: groups.id });
  if (!group) throw new Error('group not created');
  const rights = [...new Set(input.rechte ?? [])];
  if (rights.length > 0) await db.insert(groupRights).values(rights.map((right) => ({ groupId: group.id, right })));
  const parameterIds = input.parameterIds ?? [];
  if (parameterIds.length > 0) {
    await db.insert(groupParameters).values(parameterIds.map((parameterId) => ({ groupId: group.id, parameterId })));
  }
  await invalidateOrgData(db);
  return group.id;
}

export interface UserInput {
  nn?: string;
  ident?: string;
  password?: string;
  /** Pre-computed hash, to skip the deliberately slow hashing when creating many users. */
  passwordHash?: string;
  rootPw?: boolean;
  /** Listed in the member directory (default true). */
  show?: boolean;
  groupIds?: number[];
  rechteSolo?: string[];
  values?: Record<number, string | { wert?: string; optionIds: number[] }>;
}

export interface CreatedUser {
  id: number;
  nn: string;
  password: string;
}

export async function createUser(db: Db, input: UserInput = {}): Promise<CreatedUser> {
  const nn = input.nn ?? `nutzer-${uniqueSuffix()}`;
  const password = input.password ?? `Passwort-${uniqueSuffix()}`;
  const [user] = await db
    .insert(users)
    .values({
      nn,
      ident: input.ident ?? '',
      passwordHash: input.passwordHash ?? (await hashPassword(password)),
      rootPw: input.rootPw ?? false,
      show: input.show ?? true,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const groupIds = input.groupIds ?? [];
  if (groupIds.length > 0)
    await db.insert(userGroups).values(groupIds.map((groupId) => ({ userId: user.id, groupId })));
  const rights = [...new Set(input.rechteSolo ?? [])];
  if (rights.length > 0) await db.insert(userRights).values(rights.map((right) => ({ userId: user.id, right })));
  const values = Object.entries(input.values ?? {});
  if (values.length > 0) {
    await db.insert(userParameterValues).values(
      values.map(([parameterId, value]) => ({
        userId: user.id,
        parameterId: Number(parameterId),
        wert: typeof value === 'string' ? value : (value.wert ?? ''),
        optionIds: typeof value === 'string' ? [] : value.optionIds,
      })),
    );
  }
  await invalidateUsers(db, [user.id]);
  return { id: user.id, nn, password };
}

const everyone: Condition = { alle: true, gruppen: [] };
const nobody: Condition = { alle: false, gruppen: [] };

export interface ParameterInput {
  name?: string;
  icon?: string;
  typ?: number;
  sort?: number;
  ident?: boolean;
  seeOnTable?: boolean;
  options?: string[];
  bedingungen?: {
    f010: { sehen: Condition; bearbeiten: Condition };
    f100: { sehen: Condition; bearbeiten: Condition };
    f200: { sehen: Condition; bearbeiten: Condition };
  };
}

export async function createParameter(
  db: Db,
  input: ParameterInput = {},
): Promise<{ id: number; optionIds: number[] }> {
  const [parameter] = await db
    .insert(userParameters)
    .values({
      name: input.name ?? `Parameter ${uniqueSuffix()}`,
      icon: input.icon ?? 'Label',
      typ: input.typ ?? 1,
      sort: input.sort ?? 10,
      ident: input.ident ?? false,
      seeOnTable: input.seeOnTable ?? false,
      bedingungen: input.bedingungen ?? {
        f010: { sehen: everyone, bearbeiten: everyone },
        f100: { sehen: everyone, bearbeiten: nobody },
        f200: { sehen: everyone, bearbeiten: nobody },
      },
    })
    .returning({ id: userParameters.id });
  if (!parameter) throw new Error('parameter not created');
  const optionIds: number[] = [];
  for (const [index, wert] of (input.options ?? []).entries()) {
    const [option] = await db
      .insert(parameterOptions)
      .values({ parameterId: parameter.id, sort: index + 1, wert })
      .returning({ id: parameterOptions.id });
    if (option) optionIds.push(option.id);
  }
  await invalidateOrgData(db);
  return { id: parameter.id, optionIds };
}
