import { asc, eq, inArray } from 'drizzle-orm';
import type { Condition } from '@hortus/contract';
import {
  attendanceMessages,
  attendanceModule,
  attendanceSettings,
  type AttendanceData,
  type AttendanceSettings,
  type SlotConditions,
} from '@hortus/contract/modules/attendance';
import type { Db } from '../../platform/db/database';
import { parameterOptions, userParameters } from '../../platform/db/schema';
import { invalid } from '../../platform/http/calls';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';

const nobody: Condition = { alle: false, gruppen: [] };
export const noConditions: SlotConditions = {
  pruefling: nobody,
  sehen: nobody,
  anwhinzufuegen: nobody,
  anwbearbeiten: nobody,
  bearbeiten: nobody,
};

export const defaultAttendanceSettings: AttendanceSettings = {
  id_nutzerparameter_beurlaubt: 0,
  id_nutzerparameter_beurlaubt_selectoptionTrue: 0,
  standard_status: 0,
  standard_status_qrscanned: 0,
  standardbedingungen: { f150: noConditions },
};

export function readAttendanceSettings(db: Db): Promise<AttendanceSettings> {
  return readModuleSettings(db, attendanceModule.code, attendanceSettings, defaultAttendanceSettings);
}

/** Single-choice user parameters (typ 9) with their options: the choices of the leave setting. */
export async function leaveParameters(db: Db): Promise<AttendanceData['nutzerparameter']> {
  const parameters = await db
    .select({ id: userParameters.id, name: userParameters.name, typ: userParameters.typ })
    .from(userParameters)
    .where(eq(userParameters.typ, 9))
    .orderBy(asc(userParameters.sort), asc(userParameters.id));
  if (parameters.length === 0) return [];
  const options = await db
    .select()
    .from(parameterOptions)
    .where(
      inArray(
        parameterOptions.parameterId,
        parameters.map((parameter) => parameter.id),
      ),
    )
    .orderBy(asc(parameterOptions.sort), asc(parameterOptions.id));
  return parameters.map((parameter) => ({
    ...parameter,
    selectoptions: options
      .filter((option) => option.parameterId === parameter.id)
      .map((option) => ({ id: option.id, wert: option.wert })),
  }));
}

/** settings (x|150|set, checked by the dispatcher from the action's rights). */
export async function saveAttendanceSettings(db: Db, input: AttendanceSettings): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.standard_status_qrscanned === 1) {
    errors['standard_status_qrscanned'] = [attendanceMessages.qrScannedNotPresent];
  }
  if (input.id_nutzerparameter_beurlaubt !== 0) {
    const parameters = await leaveParameters(db);
    const parameter = parameters.find((p) => p.id === input.id_nutzerparameter_beurlaubt);
    if (!parameter) errors['id_nutzerparameter_beurlaubt'] = [attendanceMessages.unknownParameter];
    else if (!parameter.selectoptions.some((o) => o.id === input.id_nutzerparameter_beurlaubt_selectoptionTrue)) {
      errors['id_nutzerparameter_beurlaubt_selectoptionTrue'] = [attendanceMessages.unknownOption];
    }
  } else if (input.id_nutzerparameter_beurlaubt_selectoptionTrue !== 0) {
    errors['id_nutzerparameter_beurlaubt_selectoptionTrue'] = [attendanceMessages.unknownOption];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  await writeModuleSettings(db, attendanceModule.code, input);
}
