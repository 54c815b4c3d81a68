import { Suspense } from 'react';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  parentReportsMessages,
  parentReportsSettingsInput,
  type ParentReportsData,
} from '@hortus/contract/modules/parent-reports';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { FormTimeField } from '../../../platform/forms/form-date-fields';
import { FormFieldArray } from '../../../platform/forms/form-field-array';
import { FormTextField } from '../../../platform/forms/form-fields';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { FacilityHint } from '../../../platform/facility/facility-hint';
import { PageContainer } from '../../../platform/layout/page-container';
import { ReportSettingsFields, reportSettingsForm } from '../../children/public';
import { useParentReports, useSaveParentReports } from '../api/parent-reports';

/**
 * /210-set: the report settings (the same stored values as module 200's, one source of truth) and the
 * mailboxes of the 'Kontakt' tab; side by side on wide screens. The facility's name, address, phone, e-mail and
 * opening hours are edited in the app settings (/001, 'Einrichtung'); the page says so.
 */
export function ReportSettingsPage() {
  const query = useParentReports();
  if (!query.data) {
    return (
      <PageContainer>
        {query.isError ? <Typography>{parentReportsMessages.loadFailed}</Typography> : <PageLoading />}
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <ReportSettingsForm data={query.data} />
    </PageContainer>
  );
}

export function ReportSettingsForm({ data }: { data: ParentReportsData }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { mutateAsync: save } = useSaveParentReports();
  const settings = useSettingsForm({
    schema: parentReportsSettingsInput,
    saved: data.settings,
    save: (value) => save({ type: 'settings', data: value }),
    texts: { failure: parentReportsMessages.sendFailed },
  });
  const { control } = settings.form;
  const reports = (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Meldungen
      </Typography>
      <Stack spacing={2}>
        <Suspense fallback={null}>
          <ReportSettingsFields form={reportSettingsForm(settings.form)} classes={data.klassen} />
        </Suspense>
        <FormTimeField
          control={control}
          name="abholungHeute_spaetestensBis"
          label="Abholung heute ändern bis"
          helperText="Bis zu dieser Uhrzeit können Eltern für heute melden, wer abholt oder ob das Kind allein geht."
        />
      </Stack>
    </Paper>
  );
  const contact = (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Kontakt
      </Typography>
      <Stack spacing={2}>
        <FacilityHint />
        <FormFieldArray
          control={control}
          name="kontakt_gruppen"
          title="E-Mail-Adressen für Eltern (z. B. Hortleitung, Erzieherteam)"
          addLabel="Adresse"
          removeLabel="Adresse entfernen"
          newItem={() => ({ bezeichnung: '', email: '' })}
          renderItem={(path) => (
            <>
              <FormTextField control={control} name={`${path}.bezeichnung`} label="Bezeichnung" />
              <FormTextField control={control} name={`${path}.email`} label="E-Mail" />
            </>
          )}
        />
      </Stack>
    </Paper>
  );
  return (
    <SettingsForm settings={settings}>
      {wide ? (
        <Grid container spacing={2}>
          <Grid size={6}>{reports}</Grid>
          <Grid size={6}>{contact}</Grid>
        </Grid>
      ) : (
        <Stack spacing={2}>
          {reports}
          {contact}
        </Stack>
      )}
    </SettingsForm>
  );
}
