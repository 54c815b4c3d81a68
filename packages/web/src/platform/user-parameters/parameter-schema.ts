import { z } from 'zod';
import { parameterValueError, usesIds, type ParameterValue, type UserParameter } from '@hortus/contract';

/** The value of one parameter from the wire maps (text keyed by id, chosen ids keyed by id). */
export function valueOf(
  werte: Record<string, string>,
  ids: Record<string, number[]>,
  parameterId: number,
): ParameterValue {
  const key = String(parameterId);
  return { wert: werte[key] ?? '', ids: ids[key] ?? [] };
}

/**
 * The German message for an invalid value, else null (contract parameterValueError). Child ids
 * (types 11, 12) cannot be checked in the browser, which knows no children; the server checks them.
 */
export function parameterError(
  parameter: Pick<UserParameter, 'typ' | 'selectoptions'>,
  value: ParameterValue,
): string | null {
  return parameterValueError(parameter, value, () => true);
}

type CheckedParameter = Pick<UserParameter, 'id' | 'typ' | 'selectoptions'>;

/** The parameter values of a form, keyed 'p<id>' (a plain number would read as an array index in a field path). */
export type ParameterValues = Record<string, ParameterValue>;

export function parameterKey(id: number): string {
  return `p${id}`;
}

const parameterValue = z.object({ wert: z.string(), ids: z.array(z.number()) });

/**
 * The schema of a form's parameter values, built at run time from the parameter list: one field per
 * given parameter whose value runs the contract's parameterValueError (German message on the field);
 * values of other parameters pass unchecked.
 */
export function parameterValuesSchema(
  parameters: readonly CheckedParameter[],
): z.ZodType<ParameterValues, ParameterValues> {
  const fields = Object.fromEntries(
    parameters.map((parameter) => [
      parameterKey(parameter.id),
      parameterValue.superRefine((value, ctx) => {
        const message = parameterError(parameter, value);
        if (message !== null) ctx.addIssue({ code: 'custom', message });
      }),
    ]),
  );
  return z.object(fields).catchall(parameterValue);
}

/** The form values of the parameters from the wire maps (text and chosen ids keyed by parameter id). */
export function parameterValuesOf(
  parameters: readonly Pick<UserParameter, 'id'>[],
  werte: Record<string, string>,
  ids: Record<string, number[]>,
): ParameterValues {
  return Object.fromEntries(
    parameters.map((parameter) => [parameterKey(parameter.id), valueOf(werte, ids, parameter.id)]),
  );
}

/** The wire maps of the given parameters' form values: text, or the chosen ids for choice and child types. */
export function parameterMapsOf(
  parameters: readonly Pick<UserParameter, 'id' | 'typ'>[],
  values: ParameterValues,
): { nutzerparameterwerte: Record<string, string>; nutzerparameterwerteSelectoptionIDs: Record<string, number[]> } {
  const maps = {
    nutzerparameterwerte: {} as Record<string, string>,
    nutzerparameterwerteSelectoptionIDs: {} as Record<string, number[]>,
  };
  for (const parameter of parameters) {
    const value = values[parameterKey(parameter.id)] ?? { wert: '', ids: [] };
    if (usesIds(parameter.typ)) maps.nutzerparameterwerteSelectoptionIDs[parameter.id] = [...value.ids];
    else maps.nutzerparameterwerte[parameter.id] = value.wert;
  }
  return maps;
}

/**
 * The form field of a server error key of a user save ('nutzerparameterwerte.3' or
 * 'nutzerparameterwerteSelectoptionIDs.3' → '<valuesField>.p3'); other keys stay.
 */
export function parameterFieldOf(valuesField: string) {
  return (wireField: string): string => {
    const parameter = /^nutzerparameterwerte(?:SelectoptionIDs)?\.(\d+)/.exec(wireField);
    return parameter ? `${valuesField}.${parameterKey(Number(parameter[1]))}` : wireField;
  };
}
