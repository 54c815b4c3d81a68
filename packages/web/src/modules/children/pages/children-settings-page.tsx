import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  childrenMessages,
  childrenSettingsInput,
  classNameField,
  messages,
  type ChildrenData,
  type ChildrenSettings,
  type ClassInput,
} from '@hortus/contract';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { TimeInput } from '../../../platform/forms/date-pickers';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useChildren, useSaveChildren } from '../api/children';
import { SchoolYearButton } from '../components/school-year-wizard';
import { ReportSettingsFields } from '../components/report-settings-fields';
import { useSettingsDraft } from '../../../platform/forms/settings-draft';

/** /200-set: 'Allgemein' and 'Klassen', side by side on wide screens, as tabs on small ones. */
export function ChildrenSettingsPage() {
  useDismissibleOfflineBanner();
  const query = useChildren();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [tab, setTab] = useState(0);
  if (!query.data) {
    return (
      <PageContainer>
        {query.isError ? <Typography>{childrenMessages.saveFailed}</Typography> : <PageLoading />}
      </PageContainer>
    );
  }
  const general = <GeneralSettings key={`g${query.dataUpdatedAt}`} data={query.data} />;
  const classes = <ClassSettings key={`k${query.dataUpdatedAt}`} data={query.data} />;
  return (
    <PageContainer>
      <Box sx={{ mb: 2 }}>
        <SchoolYearButton data={query.data} />
      </Box>
      {wide ? (
        <Grid container spacing={2}>
          <Grid size={6}>{general}</Grid>
          <Grid size={6}>{classes}</Grid>
        </Grid>
      ) : (
        <>
          <Tabs value={tab} onChange={(_, value: number) => setTab(value)} sx={{ mb: 2 }}>
            <Tab label="Allgemein" />
            <Tab label="Klassen" />
          </Tabs>
          {tab === 0 ? general : classes}
        </>
      )}
    </PageContainer>
  );
}

function GeneralSettings({ data }: { data: ChildrenData }) {
  const { mutateAsync: save } = useSaveChildren();
  const draft = useSettingsDraft<ChildrenSettings>({
    initial: data.settings,
    schema: childrenSettingsInput,
    save: (value) => save({ type: 'settings', data: value }),
    failure: childrenMessages.saveFailed,
  });
  const { value, set, text, flag, submit } = draft;
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Allgemein
      </Typography>
      <Stack spacing={2}>
        <TextField
          select
          label="Elterngruppe"
          value={value.id_nutzergruppe_eltern}
          onChange={(e) => set({ id_nutzergruppe_eltern: Number(e.target.value) })}
        >
          <MenuItem value={0}>Keine</MenuItem>
          {data.gruppen.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={2}>
          <TimeInput
            label="Standard-Betreuungsplatz"
            value={value.standardbetreuungsplatz}
            onChange={(v) => set({ standardbetreuungsplatz: v })}
          />
          <TimeInput
            label="Standardentlasszeit"
            value={value.standardentlasszeit}
            onChange={(v) => set({ standardentlasszeit: v })}
          />
        </Stack>
        <Typography variant="subtitle1" component="h3">
          Elternbrief mit Zugangsdaten
        </Typography>
        {text('eltern_elternbriefLogindaten_appurl', 'App-Adresse im Brief')}
        {text('eltern_elternbriefLogindaten_textBeforeLogindata', 'Text vor den Zugangsdaten', true)}
        {text('eltern_elternbriefLogindaten_textAfterLogindata', 'Text nach den Zugangsdaten', true)}
        {flag('dataOffline', 'Daten offline auf dem Gerät speichern')}
        <Typography variant="subtitle1" component="h3">
          Meldungen der Eltern
        </Typography>
        <ReportSettingsFields draft={draft} classes={data.klassen} />
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="contained" onClick={submit}>
          Speichern
        </Button>
      </Box>
    </Paper>
  );
}

type EditableClass = Omit<ClassInput, 'id'> & { id: number; anzahlKinder: number };

function ClassSettings({ data }: { data: ChildrenData }) {
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveChildren();
  const [classes, setClasses] = useState<EditableClass[]>(
    data.klassen.map((k) => ({
      id: k.id,
      name: k.name,
      bedingungen: k.bedingungen,
      anzahlKinder: k.anzahlKinder,
      version: k.version,
    })),
  );
  const [deleted, setDeleted] = useState<number[]>([]);
  const nameErrors = classes.map((k) => {
    const parsed = classNameField.safeParse(k.name);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  });
  const update = (index: number, patch: Partial<EditableClass>) =>
    setClasses(classes.map((k, i) => (i === index ? { ...k, ...patch } : k)));
  const submit = () =>
    void saveAction(
      () =>
        save({
          type: 'klassen',
          data: { klassen: classes.map(({ anzahlKinder: _n, ...k }) => k), geloescht: deleted },
        }),
      { success: messages.settingsSaved, failure: childrenMessages.saveFailed },
    );
  const nobody = { alle: false, gruppen: [] };
  return (
    <Paper sx={{ p: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Klassen
        </Typography>
        <Button
          startIcon={<AddIcon />}
          onClick={() =>
            setClasses([
              ...classes,
              { id: 0, name: 'Neu', bedingungen: { f200: { sehen: nobody, bearbeiten: nobody } }, anzahlKinder: 0 },
            ])
          }
        >
          Klasse
        </Button>
      </Stack>
      <Stack spacing={3}>
        {classes.map((k, index) => (
          <Box key={`${k.id}-${index}`} data-testid="class-entry">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label="Name"
                required
                value={k.name}
                onChange={(e) => update(index, { name: e.target.value })}
                error={nameErrors[index] !== null}
                helperText={nameErrors[index] ?? `${k.anzahlKinder} Kinder`}
                slotProps={{ htmlInput: { maxLength: 25 } }}
                sx={{ flex: 1 }}
              />
              <IconButton
                aria-label={`Klasse ${k.name} löschen`}
                disabled={k.anzahlKinder > 0}
                onClick={() => {
                  if (k.id !== 0) setDeleted([...deleted, k.id]);
                  setClasses(classes.filter((_, i) => i !== index));
                }}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
            <ConditionEditor
              label="Sehen"
              value={k.bedingungen.f200.sehen}
              groups={data.gruppen}
              implied={k.bedingungen.f200.bearbeiten}
              onChange={(sehen) => update(index, { bedingungen: { f200: { ...k.bedingungen.f200, sehen } } })}
            />
            <ConditionEditor
              label="Bearbeiten"
              value={k.bedingungen.f200.bearbeiten}
              groups={data.gruppen}
              onChange={(bearbeiten) => update(index, { bedingungen: { f200: { ...k.bedingungen.f200, bearbeiten } } })}
            />
          </Box>
        ))}
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="contained" onClick={submit} disabled={nameErrors.some((e) => e !== null)}>
          Speichern
        </Button>
      </Box>
    </Paper>
  );
}
