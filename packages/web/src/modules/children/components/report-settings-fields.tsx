import type { ReportSettings } from '@hortus/contract';
import { TimeInput } from '../../../platform/forms/date-pickers';
import { ReleaseTimesEditor } from './release-times-editor';
import type { SettingsDraft } from '../../../platform/forms/settings-draft';

/**
 * The settings of the parents' reports (school.md 3.3): shown on module 200's 'Allgemein' and on module
 * 210's settings page, which edit the same stored values.
 */
export function ReportSettingsFields<T extends ReportSettings>({
  draft,
  classes,
}: {
  draft: SettingsDraft<T>;
  classes: { id: number; name: string }[];
}) {
  const { value, set, error } = draft;
  return (
    <>
      <TimeInput
        label="Meldungen spätestens bis"
        value={value.anwesenheitMeldungSpaetestensBis}
        onChange={(v) => set({ anwesenheitMeldungSpaetestensBis: v } as Partial<T>)}
        error={Boolean(error('anwesenheitMeldungSpaetestensBis'))}
        helperText={error('anwesenheitMeldungSpaetestensBis')}
      />
      <ReleaseTimesEditor value={value} classes={classes} onChange={(change) => set(change as Partial<T>)} />
      {draft.flag('meldung_erlaubeKommentar', 'Kommentar erlauben')}
      {draft.flag('meldung_erlaubeDateiupload', 'Dateiupload erlauben')}
      {draft.text('text_alertVorMeldungsformular', 'Hinweis vor dem Meldeformular', true)}
      {draft.text('text_meldungVerpaetet', 'Text bei verspäteter Meldung ([[ZEIT_SPAETESTENS]])', true)}
    </>
  );
}
