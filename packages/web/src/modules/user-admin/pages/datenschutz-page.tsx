import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PAYROLL_YEARS_MIN, datenschutzInput, type DatenschutzReply, type DatenschutzSettings } from '@hortus/contract';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { FormNumberField } from '../../../platform/forms/form-fields';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDatenschutz, useSaveDatenschutz } from '../api/datenschutz';
import { PrivacyPapers } from '../components/privacy-papers';

const loadFailed = 'Die Datenschutz-Einstellungen konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.';
const saveFailed = 'Die Datenschutz-Einstellungen konnten nicht gespeichert werden.';

/**
 * /005-040 Datenschutz: how long the Protokoll, attendance, leavers' names and payrolls are kept, the retention
 * jobs' last runs, and the compliance papers to download.
 */
export function DatenschutzPage() {
  const query = useDatenschutz();
  return (
    <PageContainer>
      {query.data ? (
        <>
          <DatenschutzForm saved={query.data.settings} />
          <JobRuns laeufe={query.data.laeufe} />
          <PrivacyPapers />
        </>
      ) : query.isError ? (
        <Typography>{loadFailed}</Typography>
      ) : (
        <PageLoading />
      )}
    </PageContainer>
  );
}

/** The retention form on the saved settings. */
export function DatenschutzForm({ saved }: { saved: DatenschutzSettings }) {
  const { mutateAsync: save } = useSaveDatenschutz();
  const settings = useSettingsForm({
    schema: datenschutzInput,
    saved,
    save,
    texts: { failure: saveFailed },
  });
  const { control } = settings.form;
  return (
    <Paper sx={{ maxWidth: 800, mx: 'auto', p: 3 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Datenschutz
      </Typography>
      <SettingsForm settings={settings}>
        <FormNumberField
          control={control}
          name="anwesenheitMonate"
          label="Anwesenheiten aufbewahren (Monate)"
          helperText="Ältere Anwesenheiten löscht ein täglicher Auftrag."
        />
        <FormNumberField
          control={control}
          name="ausgetreteneMonate"
          label="Ausgetretene Kinder anonymisieren nach (Monaten)"
          helperText="Danach tragen die Anwesenheiten ausgetretener Kinder nur noch die Klasse."
        />
        <FormNumberField control={control} name="protokollMonate" label="Protokoll aufbewahren (Monate)" />
        <FormNumberField
          control={control}
          name="lohnJahre"
          label="Abgeschlossene Lohnabrechnungen aufbewahren (Jahre)"
          helperText={`Gezählt ab dem Ende des Kalenderjahres der Abrechnung; ältere löscht ein täglicher Auftrag. Gesetzlich mindestens ${PAYROLL_YEARS_MIN} Jahre.`}
        />
      </SettingsForm>
    </Paper>
  );
}

const berlinTime = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

/** Each retention job's last run: when and what it did ('noch nicht gelaufen' before the first). */
export function JobRuns({ laeufe }: { laeufe: DatenschutzReply['laeufe'] }) {
  return (
    <Paper sx={{ maxWidth: 800, mx: 'auto', p: 3, mt: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Letzte Läufe
      </Typography>
      {laeufe.map((job) => (
        <Typography key={job.name} data-testid={`lauf-${job.name}`}>
          {job.label}:{' '}
          {job.lauf ? `${berlinTime.format(new Date(job.lauf.zeit))} – ${job.lauf.ergebnis}` : 'noch nicht gelaufen'}
        </Typography>
      ))}
    </Paper>
  );
}
