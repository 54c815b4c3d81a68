import { and, eq, inArray } from 'drizzle-orm';
import {
  canEdit,
  canSee,
  parameterValueError,
  usesIds,
  type FieldErrors,
  type ParameterValue,
  type UserParameter,
} from '@hortus/contract';
import type { Db } from '../db/database';
import { groupParameters, userGroups, userParameterValues, users } from '../db/schema';
import { readOrgData } from '../settings/org-data';
import { invalidateUsers } from '../cache/hot-cache';

/**
 * Parameter values of users: which parameters apply to a user (those of the user's groups), typed
 * validation, writing, and the display name (ident) built from the identification parameters.
 * Used by user administration and by every module that shows or saves user parameters.
 */

/** Values as the API sends them: text keyed by parameter id, chosen ids keyed by parameter id. */
export interface ValueMaps {
  nutzerparameterwerte: Record<string, string>;
  nutzerparameterwerteSelectoptionIDs: Record<string, number[]>;
}

/**
 * Answers whether a referenced record exists (the specification's parameter types 11 and 12 name records by id).
 * No module offers such records to parameters yet: none exist.
 */
export type ReferenceExists = (id: number) => boolean;
export const noReferences: ReferenceExists = () => false;

/**
 * A condition area of the parameters. The names are the specification's wire names of the parameter
 * conditions (core.md "User parameter": `bedingungen.f010/f100/f200`), not module codes the platform would
 * know: they stay as written, and the modules that show parameters choose their area.
 */
export type ParameterArea = 'f010' | 'f100' | 'f200';

/**
 * The parameters whose condition in the area lets the viewer see them, in parameter order, each with
 * the edit flag of the same condition.
 */
export function parametersInArea(
  parameters: readonly UserParameter[],
  area: ParameterArea,
  viewer: { id: number; gruppen: readonly number[] },
): (UserParameter & { bearbeiten: boolean })[] {
  const subject = { id: viewer.id, gruppen: viewer.gruppen };
  return parameters
    .filter((parameter) => canSee(parameter.bedingungen[area], subject))
    .map((parameter) => ({ ...parameter, bearbeiten: canEdit(parameter.bedingungen[area], subject) }));
}

/** The groups of users, keyed by user id (users without a group are missing). */
export async function groupsOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select()
    .from(userGroups)
    .where(inArray(userGroups.userId, [...userIds]));
  for (const row of rows) result.set(row.userId, [...(result.get(row.userId) ?? []), row.groupId]);
  return result;
}

/** Parameter ids per group (group_parameters). */
export async function parametersByGroup(db: Db): Promise<Map<number, number[]>> {
  const rows = await db.select().from(groupParameters);
  const result = new Map<number, number[]>();
  for (const row of rows) {
    const list = result.get(row.groupId) ?? [];
    list.push(row.parameterId);
    result.set(row.groupId, list);
  }
  return result;
}

/** The ids of the parameters that apply to members of these groups, in parameter order (sort, id). */
export function applicableParameterIds(
  parameters: readonly UserParameter[],
  byGroup: ReadonlyMap<number, readonly number[]>,
  groupIds: readonly number[],
): number[] {
  const ids = new Set(groupIds.flatMap((groupId) => byGroup.get(groupId) ?? []));
  return parameters.filter((parameter) => ids.has(parameter.id)).map((parameter) => parameter.id);
}

/** All ids mentioned in either map, as numbers; non-numeric keys become NaN (refused by callers). */
export function mentionedParameterIds(values: ValueMaps): number[] {
  const keys = new Set([
    ...Object.keys(values.nutzerparameterwerte),
    ...Object.keys(values.nutzerparameterwerteSelectoptionIDs),
  ]);
  return [...keys].map((key) => (/^\d+$/.test(key) ? Number(key) : Number.NaN));
}

/**
 * The value of one parameter in the maps, or null when the maps do not mention it. Choice and reference
 * parameters read only the id map, the other types only the text map.
 */
export function valueOf(parameter: UserParameter, values: ValueMaps): ParameterValue | null {
  const key = String(parameter.id);
  if (usesIds(parameter.typ)) {
    const ids = values.nutzerparameterwerteSelectoptionIDs[key];
    return Object.hasOwn(values.nutzerparameterwerteSelectoptionIDs, key) && ids
      ? { wert: '', ids: [...new Set(ids)] }
      : null;
  }
  const wert = values.nutzerparameterwerte[key];
  return Object.hasOwn(values.nutzerparameterwerte, key) && wert !== undefined ? { wert, ids: [] } : null;
}

/** Field key of a parameter's value in validation replies, e.g. `nutzerparameterwerte.7` (the call adds its wire prefix). */
export function valueField(parameter: Pick<UserParameter, 'id' | 'typ'>): string {
  const map = usesIds(parameter.typ) ? 'nutzerparameterwerteSelectoptionIDs' : 'nutzerparameterwerte';
  return `${map}.${parameter.id}`;
}

/** Checks every mentioned value of the given parameters by its type; returns the field errors. */
export function valueErrors(
  parameters: readonly UserParameter[],
  values: ValueMaps,
  referenceExists: ReferenceExists = noReferences,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const parameter of parameters) {
    const value = valueOf(parameter, values);
    if (value === null) continue;
    const message = parameterValueError(parameter, value, referenceExists);
    if (message !== null) errors[valueField(parameter)] = [message];
  }
  return errors;
}

/** Writes the mentioned values of the given parameters (others stay as they are). */
export async function writeValues(
  db: Db,
  userId: number,
  parameters: readonly UserParameter[],
  values: ValueMaps,
): Promise<void> {
  const rows = parameters.flatMap((parameter) => {
    const value = valueOf(parameter, values);
    return value === null ? [] : [{ userId, parameterId: parameter.id, wert: value.wert, optionIds: value.ids }];
  });
  for (const row of rows) {
    await db
      .insert(userParameterValues)
      .values(row)
      .onConflictDoUpdate({
        target: [userParameterValues.userId, userParameterValues.parameterId],
        set: { wert: row.wert, optionIds: row.optionIds },
      });
  }
  if (rows.length > 0) await invalidateUsers(db, [userId]);
}

/** Stored values of users, keyed by user id and then parameter id. */
export async function storedValues(
  db: Db,
  userIds: readonly number[] | 'all',
): Promise<Map<number, Map<number, ParameterValue>>> {
  const rows =
    userIds === 'all'
      ? await db.select().from(userParameterValues)
      : userIds.length === 0
        ? []
        : await db
            .select()
            .from(userParameterValues)
            .where(inArray(userParameterValues.userId, [...userIds]));
  const result = new Map<number, Map<number, ParameterValue>>();
  for (const row of rows) {
    const byParameter = result.get(row.userId) ?? new Map<number, ParameterValue>();
    byParameter.set(row.parameterId, { wert: row.wert, ids: row.optionIds });
    result.set(row.userId, byParameter);
  }
  return result;
}

/** The value maps of the given parameters (every parameter present: '' and [] when nothing is stored). */
export function valueMapsOf(
  parameters: readonly UserParameter[],
  stored: ReadonlyMap<number, ParameterValue> | undefined,
): ValueMaps {
  const maps: ValueMaps = { nutzerparameterwerte: {}, nutzerparameterwerteSelectoptionIDs: {} };
  for (const parameter of parameters) {
    const value = stored?.get(parameter.id);
    const key = String(parameter.id);
    if (usesIds(parameter.typ)) maps.nutzerparameterwerteSelectoptionIDs[key] = value?.ids ?? [];
    else maps.nutzerparameterwerte[key] = value?.wert ?? '';
  }
  return maps;
}

/**
 * The display name: the values of the applicable identification parameters in parameter order
 * (sort), joined by a space; choices count with their option texts; '' when there is none.
 */
export function identOf(
  parameters: readonly UserParameter[],
  applicable: readonly number[],
  stored: ReadonlyMap<number, ParameterValue> | undefined,
): string {
  const parts: string[] = [];
  for (const parameter of parameters) {
    if (!parameter.ident || !applicable.includes(parameter.id)) continue;
    const value = stored?.get(parameter.id);
    if (!value) continue;
    if (parameter.typ === 9 || parameter.typ === 10) {
      for (const option of parameter.selectoptions) if (value.ids.includes(option.id)) parts.push(option.wert);
    } else if (!usesIds(parameter.typ)) {
      parts.push(value.wert.trim());
    }
  }
  return parts.filter((part) => part !== '').join(' ');
}

/**
 * Recomputes users.ident from the identification parameters for the given users (or everyone, after
 * a change of parameters or group parameters). Only rows whose ident changes are written.
 */
export async function recomputeIdents(db: Db, userIds: readonly number[] | 'all'): Promise<void> {
  if (userIds !== 'all' && userIds.length === 0) return;
  const { parameters } = await readOrgData(db);
  const byGroup = await parametersByGroup(db);
  const userRows =
    userIds === 'all'
      ? await db.select({ id: users.id, ident: users.ident }).from(users)
      : await db
          .select({ id: users.id, ident: users.ident })
          .from(users)
          .where(inArray(users.id, [...userIds]));
  const memberRows =
    userIds === 'all'
      ? await db.select().from(userGroups)
      : await db
          .select()
          .from(userGroups)
          .where(inArray(userGroups.userId, [...userIds]));
  const stored = await storedValues(db, userIds);
  const changed: number[] = [];
  for (const row of userRows) {
    const groupIds = memberRows.filter((member) => member.userId === row.id).map((member) => member.groupId);
    const ident = identOf(parameters, applicableParameterIds(parameters, byGroup, groupIds), stored.get(row.id));
    if (ident !== row.ident) {
      await db.update(users).set({ ident }).where(eq(users.id, row.id));
      changed.push(row.id);
    }
  }
  if (changed.length > 0) await invalidateUsers(db, changed);
}

/** Users who belong to a group. */
export async function membersOf(db: Db, groupId: number): Promise<number[]> {
  const rows = await db.select({ userId: userGroups.userId }).from(userGroups).where(eq(userGroups.groupId, groupId));
  return rows.map((row) => row.userId);
}

/** Removes option ids from stored values (after options were deleted). */
export async function removeOptionsFromValues(
  db: Db,
  parameterId: number,
  optionIds: readonly number[],
): Promise<void> {
  if (optionIds.length === 0) return;
  const rows = await db.select().from(userParameterValues).where(eq(userParameterValues.parameterId, parameterId));
  for (const row of rows) {
    const kept = row.optionIds.filter((id) => !optionIds.includes(id));
    if (kept.length === row.optionIds.length) continue;
    await db
      .update(userParameterValues)
      .set({ optionIds: kept })
      .where(and(eq(userParameterValues.userId, row.userId), eq(userParameterValues.parameterId, parameterId)));
  }
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/**
 * The see/edit rule of a condition area (f010, f100): a sent value is fine for
 * a parameter the editor may edit, or for a visible one when it is unchanged (forms send every field);
 * a changed value of a visible, non-editable parameter, or any value of a parameter that is not
 * visible (or does not exist), answers 'Dieser Wert kann nicht bearbeitet werden.'.
 */
export function editRuleErrors(
  visible: readonly (UserParameter & { bearbeiten: boolean })[],
  sent: ValueMaps,
  current: ValueMaps,
  notEditableMessage: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const id of mentionedParameterIds(sent)) {
    const parameter = visible.find((candidate) => candidate.id === id);
    if (parameter?.bearbeiten === true) continue;
    const value = parameter ? valueOf(parameter, sent) : null;
    const stored = parameter ? valueOf(parameter, current) : null;
    if (value && stored && value.wert === stored.wert && sameIds(value.ids, stored.ids)) continue;
    const key = Object.hasOwn(sent.nutzerparameterwerte, String(id))
      ? 'nutzerparameterwerte'
      : 'nutzerparameterwerteSelectoptionIDs';
    errors[`${key}.${Number.isNaN(id) ? '_' : id}`] = [notEditableMessage];
  }
  return errors;
}
