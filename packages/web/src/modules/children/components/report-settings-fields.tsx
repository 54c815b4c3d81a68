import { get, useFormState, useWatch } from 'react-hook-form';
import type { ReportSettingsFieldsProps } from '../public';
import { FormCheckbox, FormTextField } from '../../../platform/forms/form-fields';
import { FormTimeField } from '../../../platform/forms/form-date-fields';
import { ReleaseTimesEditor } from './release-times-editor';

/**
 * The settings of the parents' reports (school.md 3.3): shown on module 200's 'Allgemein' and on module
 * 210's settings page, which edit the same stored values. Bound to the page's settings form
 * (useSettingsForm); the schema's messages, the 'von' ≤ 'bis' rule of the conditions included, show on
 * the fields.
 */
export function ReportSettingsFields({ form, classes }: ReportSettingsFieldsProps) {
  const { control } = form;
  const times = useWatch({ control, name: 'moeglicheEntlasszeiten' });
  const conditions = useWatch({ control, name: 'moeglicheEntlasszeiten_bedingungen' });
  const { errors } = useFormState({ control });
  return (
    <>
      <FormTimeField control={control} name="anwesenheitMeldungSpaetestensBis" label="Meldungen spätestens bis" />
      <ReleaseTimesEditor
        value={{ moeglicheEntlasszeiten: times, moeglicheEntlasszeiten_bedingungen: conditions }}
        classes={classes}
        onChange={(change) => {
          // Set as a whole, then every nested field checked: the schema's messages land on their fields
          // ('moeglicheEntlasszeiten_bedingungen.14:00.datumBis'); those of removed entries go with them.
          for (const key of ['moeglicheEntlasszeiten', 'moeglicheEntlasszeiten_bedingungen'] as const) {
            const next = change[key];
            if (next === undefined) continue;
            form.setValue(key, next, { shouldDirty: true });
            void form.trigger([key, ...leafPaths(next, key)] as never);
          }
        }}
        error={(key) => (get(errors, key) as { message?: string } | undefined)?.message}
      />
      <FormCheckbox control={control} name="meldung_erlaubeKommentar" label="Kommentar erlauben" variant="switch" />
      <FormCheckbox control={control} name="meldung_erlaubeDateiupload" label="Dateiupload erlauben" variant="switch" />
      <FormTextField
        control={control}
        name="text_alertVorMeldungsformular"
        label="Hinweis vor dem Meldeformular"
        multiline
        minRows={3}
      />
      <FormTextField
        control={control}
        name="text_meldungVerpaetet"
        label="Text bei verspäteter Meldung ([[ZEIT_SPAETESTENS]])"
        multiline
        minRows={3}
      />
    </>
  );
}

/** The paths of the plain values inside a nested value ('x.14:00.datumBis', 'x.14:00.klassen.0'). */
function leafPaths(value: unknown, path: string): string[] {
  if (typeof value !== 'object' || value === null) return [path];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, `${path}.${key}`));
}
