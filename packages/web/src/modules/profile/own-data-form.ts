import { z } from 'zod';
import {
  contentLanguageCodes,
  contentLanguages,
  quietHours,
  unknownLanguageMessage,
  type ContentLanguage,
} from '@hortus/contract';
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
  /** 'Ruhezeiten für Benachrichtigungen' switched on; the times are kept while off, so switching back restores them. */
  ruhezeitenAn: boolean;
  ruhezeiten: { von: string; bis: string };
}

/** The quiet hours offered when none are set: the evening and the night. */
export const defaultQuietHours = { von: '20:00', bis: '07:00' };

/** The choices of 'Bevorzugte Sprache für Nachrichten': German first, then the languages translation offers. */
export const languageOptions = contentLanguageCodes.map((code) => ({ value: code, label: contentLanguages[code] }));

export function sortedParameters(parameters: readonly OwnParameter[]): OwnParameter[] {
  return [...parameters].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

const editableOf = (parameters: readonly OwnParameter[]) => parameters.filter((parameter) => parameter.bearbeiten);

/** The form's rule: every editable value is checked by its parameter's type (contract parameterValueError). */
export function ownDataSchema(parameters: readonly OwnParameter[]) {
  return z
    .object({
      werte: parameterValuesSchema(editableOf(parameters)),
      bevorzugteSprache: z.enum(contentLanguageCodes, { error: unknownLanguageMessage }),
      ruhezeitenAn: z.boolean(),
      ruhezeiten: z.object({ von: z.string(), bis: z.string() }),
    })
    .superRefine((value, ctx) => {
      // The times are the contract's rule only while quiet hours are on.
      if (!value.ruhezeitenAn) return;
      const parsed = quietHours.safeParse(value.ruhezeiten);
      for (const issue of parsed.error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['ruhezeiten', ...issue.path] });
      }
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
    ruhezeitenAn: reply.ruhezeiten !== null,
    ruhezeiten: reply.ruhezeiten ?? defaultQuietHours,
  };
}

/**
 * The values sent to saveMeineDaten: the editable parameters only, text or chosen ids by type; the language; the
 * quiet hours (null when switched off).
 */
export function ownValuesPayload(parameters: readonly OwnParameter[], form: OwnDataForm): OwnValuesPayload {
  return {
    ...parameterMapsOf(editableOf(parameters), form.werte),
    bevorzugteSprache: form.bevorzugteSprache,
    ruhezeiten: form.ruhezeitenAn ? { von: form.ruhezeiten.von, bis: form.ruhezeiten.bis } : null,
  };
}
