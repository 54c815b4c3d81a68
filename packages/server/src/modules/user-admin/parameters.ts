import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { UserParameter } from '@hortus/contract';
import { userAdminMessages, type SavedParameter } from '@hortus/contract/modules/user-admin';
import type { Db } from '../../platform/db/database';
import { parameterOptions, userParameterValues, userParameters } from '../../platform/db/schema';
import { invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { invalidateOrgData, readOrgData } from '../../platform/settings/org-data';
import { recomputeIdents, removeOptionsFromValues } from '../../platform/users/parameter-values';

/** Message for an option id that does not belong to the parameter. */
export const unknownOptionMessage = 'Eine Option existiert nicht.';

function isChoice(typ: number): boolean {
  return typ === 9 || typ === 10;
}

/** Whether any user has a non-empty value for the parameter. */
async function hasValues(db: Db, parameterId: number): Promise<boolean> {
  const [row] = await db
    .select({ parameterId: userParameterValues.parameterId })
    .from(userParameterValues)
    .where(
      and(
        eq(userParameterValues.parameterId, parameterId),
        or(ne(userParameterValues.wert, ''), sql`jsonb_array_length(${userParameterValues.optionIds}) > 0`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Creates (id 0) or updates a parameter. Choice options (types 9 and 10) are diffed: ids ≤ 0 are
 * inserted, known ids updated, missing ones deleted and removed from stored values. Other types keep
 * no options. The type cannot change while users have non-empty values.
 */
export async function saveParameter(db: Db, input: SavedParameter): Promise<UserParameter> {
  const org = await readOrgData(db);
  const isNew = input.id === 0;
  // Parameter managers see every parameter.
  const existing = isNew
    ? null
    : requireRecord(
        org.parameters.find((parameter) => parameter.id === input.id),
        { canSee: true },
        userAdminMessages.unknownParameter,
      );
  if (existing && existing.typ !== input.typ && (await hasValues(db, existing.id))) {
    throw invalid({ typ: [userAdminMessages.typeLocked] });
  }
  const knownGroups = new Set(org.groups.map((group) => group.id));
  const conditionGroups = Object.values(input.bedingungen).flatMap((area) => [
    ...area.sehen.gruppen,
    ...area.bearbeiten.gruppen,
  ]);
  if (conditionGroups.some((groupId) => !knownGroups.has(groupId))) {
    throw invalid({ bedingungen: [userAdminMessages.unknownGroup] });
  }
  const options = isChoice(input.typ) ? input.selectoptions : [];
  const existingOptionIds = new Set((existing?.selectoptions ?? []).map((option) => option.id));
  if (options.some((option) => option.id > 0 && !existingOptionIds.has(option.id))) {
    throw invalid({ selectoptions: [unknownOptionMessage] });
  }
  const keptOptionIds = new Set(options.filter((option) => option.id > 0).map((option) => option.id));
  const removedOptionIds = [...existingOptionIds].filter((id) => !keptOptionIds.has(id));

  const values = {
    name: input.name,
    icon: input.icon || 'Label',
    typ: input.typ,
    sort: input.sort,
    ident: input.ident,
    seeOnTable: input.f100.seeOnTable,
    bedingungen: input.bedingungen,
  };
  let parameterId = input.id;
  try {
    await db.transaction(async (tx) => {
      if (isNew) {
        const [created] = await tx.insert(userParameters).values(values).returning({ id: userParameters.id });
        if (!created) throw new Error('parameter not created');
        parameterId = created.id;
      } else {
        await tx.update(userParameters).set(values).where(eq(userParameters.id, parameterId));
      }
      for (const id of removedOptionIds) await tx.delete(parameterOptions).where(eq(parameterOptions.id, id));
      await removeOptionsFromValues(tx, parameterId, removedOptionIds);
      for (const option of options) {
        if (option.id > 0) {
          await tx
            .update(parameterOptions)
            .set({ sort: option.sort, wert: option.wert })
            .where(eq(parameterOptions.id, option.id));
        } else {
          await tx.insert(parameterOptions).values({ parameterId, sort: option.sort, wert: option.wert });
        }
      }
      // Display names change when an identification parameter changes (a new one has no values yet).
      if (!isNew && (existing?.ident === true || input.ident)) await recomputeIdents(tx, 'all');
    });
  } finally {
    await invalidateOrgData(db);
  }
  const saved = (await readOrgData(db)).parameters.find((parameter) => parameter.id === parameterId);
  if (!saved) throw new Error('saved parameter not found');
  return saved;
}

/** Deletes a parameter with its options, values and group links. */
export async function deleteParameter(db: Db, parameterId: number): Promise<void> {
  const org = await readOrgData(db);
  const existing = requireRecord(
    org.parameters.find((parameter) => parameter.id === parameterId),
    { canSee: true },
    userAdminMessages.unknownParameter,
  );
  try {
    await db.transaction(async (tx) => {
      await tx.delete(userParameters).where(eq(userParameters.id, parameterId));
      if (existing.ident) await recomputeIdents(tx, 'all');
    });
  } finally {
    await invalidateOrgData(db);
  }
}
