import { usesIds, type GetMeineDatenReply, type OwnParameter, type ParameterValue } from '@hortus/contract';
import { parameterError, valueOf } from '../../platform/user-parameters/parameter-field';
import type { OwnValuesPayload } from './api/save-meine-daten';

/** Form state of 'Meine Daten': one value per parameter id. */
export type OwnValues = Readonly<Record<string, ParameterValue>>;

export function sortedParameters(parameters: readonly OwnParameter[]): OwnParameter[] {
  return [...parameters].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

export function initialOwnValues(reply: GetMeineDatenReply): OwnValues {
  const values: Record<string, ParameterValue> = {};
  for (const parameter of reply.nutzerparameter) {
    values[parameter.id] = valueOf(reply.nutzerparameterwerte, reply.nutzerparameterwerteSelectoptionIDs, parameter.id);
  }
  return values;
}

function sameValue(a: ParameterValue | undefined, b: ParameterValue | undefined, typ: number): boolean {
  if (!a || !b) return a === b;
  if (!usesIds(typ)) return a.wert === b.wert;
  const left = [...a.ids].sort((x, y) => x - y);
  const right = [...b.ids].sort((x, y) => x - y);
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

/** Whether an editable value differs from the loaded one (the order of chosen ids does not count). */
export function ownValuesChanged(parameters: readonly OwnParameter[], initial: OwnValues, current: OwnValues): boolean {
  return parameters.some(
    (parameter) => parameter.bearbeiten && !sameValue(initial[parameter.id], current[parameter.id], parameter.typ),
  );
}

/** German messages of the editable values, keyed by parameter id (valid values are left out). */
export function ownValueErrors(parameters: readonly OwnParameter[], values: OwnValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const parameter of parameters) {
    if (!parameter.bearbeiten) continue;
    const value = values[parameter.id];
    const error = value ? parameterError(parameter, value) : null;
    if (error !== null) errors[parameter.id] = error;
  }
  return errors;
}

/** The values sent to saveMeineDaten: the editable parameters only, text or chosen ids by type. */
export function ownValuesPayload(parameters: readonly OwnParameter[], values: OwnValues): OwnValuesPayload {
  const payload: OwnValuesPayload = { nutzerparameterwerte: {}, nutzerparameterwerteSelectoptionIDs: {} };
  for (const parameter of parameters) {
    if (!parameter.bearbeiten) continue;
    const value = values[parameter.id] ?? { wert: '', ids: [] };
    if (usesIds(parameter.typ)) payload.nutzerparameterwerteSelectoptionIDs[parameter.id] = [...value.ids];
    else payload.nutzerparameterwerte[parameter.id] = value.wert;
  }
  return payload;
}
