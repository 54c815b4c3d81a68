import { z } from 'zod';
import { contentLanguageCodes, contentLanguages, unknownLanguageMessage, type ContentLanguage } from '@hortus/contract';
import type { GetMeineDatenReply, OwnParameter } from '@hortus/contract/modules/profile';
import {
  parameterMapsOf,
  parameterValuesOf,
  parameterValuesSchema,
  type ParameterValues,
} from '../../platform/user-parameters/parameter-schema';
import type { OwnValuesPayload } from './api/save-meine-daten';

/** Form state of 'Meine Daten': one value per parameter ('p<id>') and the preferred language for messages. */
export interface OwnDataForm {
  werte: ParameterValues;
  /** 'de' (German, no translation) or the language others' messages are shown in. */
  bevorzugteSprache: ContentLanguage;
}

/** The choices of 'Bevorzugte Sprache für Nachrichten': German first, then the languages translation offers. */
export const languageOptions = contentLanguageCodes.map((code) => ({ value: code, label: contentLanguages[code] }));

export function sortedParameters(parameters: readonly OwnParameter[]): OwnParameter[] {
  return [...parameters].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

const editableOf = (parameters: readonly OwnParameter[]) => parameters.filter((parameter) => parameter.bearbeiten);

/** The form's rule: every editable value is checked by its parameter's type (contract parameterValueError). */
export function ownDataSchema(parameters: readonly OwnParameter[]) {
  return z.object({
    werte: parameterValuesSchema(editableOf(parameters)),
    bevorzugteSprache: z.enum(contentLanguageCodes, { error: unknownLanguageMessage }),
  });
}

export function initialOwnData(reply: GetMeineDatenReply): OwnDataForm {
  return {
    werte: parameterValuesOf(
      reply.nutzerparameter,
      reply.nutzerparameterwerte,
      reply.nutzerparameterwerteSelectoptionIDs,
    ),
    bevorzugteSprache: reply.bevorzugteSprache ?? 'de',
  };
}

/** The values sent to saveMeineDaten: the editable parameters only, text or chosen ids by type; the language. */
export function ownValuesPayload(parameters: readonly OwnParameter[], form: OwnDataForm): OwnValuesPayload {
  return { ...parameterMapsOf(editableOf(parameters), form.werte), bevorzugteSprache: form.bevorzugteSprache };
}
