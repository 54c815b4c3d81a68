import { z } from 'zod';
import type { GetMeineDatenReply, OwnParameter } from '@hortus/contract/modules/profile';
import {
  parameterMapsOf,
  parameterValuesOf,
  parameterValuesSchema,
  type ParameterValues,
} from '../../platform/user-parameters/parameter-schema';
import type { OwnValuesPayload } from './api/save-meine-daten';

/** Form state of 'Meine Daten': one value per parameter ('p<id>'). */
export interface OwnDataForm {
  werte: ParameterValues;
}

export function sortedParameters(parameters: readonly OwnParameter[]): OwnParameter[] {
  return [...parameters].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

const editableOf = (parameters: readonly OwnParameter[]) => parameters.filter((parameter) => parameter.bearbeiten);

/** The form's rule: every editable value is checked by its parameter's type (contract parameterValueError). */
export function ownDataSchema(parameters: readonly OwnParameter[]) {
  return z.object({ werte: parameterValuesSchema(editableOf(parameters)) });
}

export function initialOwnData(reply: GetMeineDatenReply): OwnDataForm {
  return {
    werte: parameterValuesOf(
      reply.nutzerparameter,
      reply.nutzerparameterwerte,
      reply.nutzerparameterwerteSelectoptionIDs,
    ),
  };
}

/** The values sent to saveMeineDaten: the editable parameters only, text or chosen ids by type. */
export function ownValuesPayload(parameters: readonly OwnParameter[], form: OwnDataForm): OwnValuesPayload {
  return parameterMapsOf(editableOf(parameters), form.werte);
}
