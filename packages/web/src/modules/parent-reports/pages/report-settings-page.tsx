import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  parentReportsMessages,
  parentReportsSettings,
  type ParentReportsData,
  type ParentReportsSettings,
} from '@hortus/contract';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { modulePart } from '../../../platform/module-page/module-parts';
import { useSettingsDraft } from '../../../platform/forms/settings-draft';
import { useParentReports, useSaveParentReports } from '../api/parent-reports';

/** Module 200's fields of the report settings, through the platform (module 210 imports no module). */
const ReportSettingsFields = modulePart('reportSettingsFields');

/**
 * /210-set: the report settings (the same stored values as module 200's, one source of truth) and the
 * contact details of the 'Kontakt' tab; side by side on wide screens.
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
      <SettingsForm key={query.dataUpdatedAt} data={query.data} />
    </PageContainer>
  );
}

function SettingsForm({ data }: { data: ParentReportsData }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { mutateAsync: save } = useSaveParentReports();
  const draft = useSettingsDraft<ParentReportsSettings>({
    initial: data.settings,
    schema: parentReportsSettings,
    save: (value) => save({ type: 'settings', data: value }),
    failure: parentReportsMessages.sendFailed,
  });
  const { value, set, error, text, submit } = draft;
  const reports = (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Meldungen
      </Typography>
      <Stack spacing={2}>
        <Suspense fallback={null}>
          <ReportSettingsFields draft={draft} classes={data.klassen} />
        </Suspense>
      </Stack>
    </Paper>
  );
  const contact = (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Kontakt
      </Typography>
      <Stack spacing={2}>
        {text('kontakt_name', 'Name der Einrichtung')}
        {text('kontakt_adresse', 'Adresse', true)}
        {text('kontakt_telefon', 'Telefon')}
        {text('kontakt_email', 'E-Mail')}
        {text('kontakt_oeffnungszeiten', 'Öffnungszeiten', true)}
        <Typography variant="body2">E-Mail-Adressen für Eltern (z. B. Hortleitung, Erzieherteam)</Typography>
        {value.kontakt_gruppen.map((group, index) => (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Bezeichnung"
              value={group.bezeichnung}
              onChange={(e) =>
                set({
                  kontakt_gruppen: value.kontakt_gruppen.map((g, i) =>
                    i === index ? { ...g, bezeichnung: e.target.value } : g,
                  ),
                })
              }
              error={Boolean(error(`kontakt_gruppen.${index}.bezeichnung`))}
              helperText={error(`kontakt_gruppen.${index}.bezeichnung`)}
            />
            <TextField
              label="E-Mail"
              value={group.email}
              onChange={(e) =>
                set({
                  kontakt_gruppen: value.kontakt_gruppen.map((g, i) =>
                    i === index ? { ...g, email: e.target.value } : g,
                  ),
                })
              }
              error={Boolean(error(`kontakt_gruppen.${index}.email`))}
              helperText={error(`kontakt_gruppen.${index}.email`)}
            />
            <IconButton
              aria-label={`Adresse ${group.bezeichnung} entfernen`}
              onClick={() => set({ kontakt_gruppen: value.kontakt_gruppen.filter((_, i) => i !== index) })}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() => set({ kontakt_gruppen: [...value.kontakt_gruppen, { bezeichnung: '', email: '' }] })}
          >
            Adresse
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
  return (
    <>
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
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="contained" onClick={submit}>
          Speichern
        </Button>
      </Box>
    </>
  );
}
