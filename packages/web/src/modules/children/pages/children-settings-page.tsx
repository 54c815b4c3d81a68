import { useState } from 'react';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useController, useFieldArray, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import {
  childrenMessages,
  childrenSettingsInput,
  classesInput,
  type ChildrenData,
  type ClassConditions,
  childCount as countOfChildren,
} from '@hortus/contract/modules/children';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { FormTimeField } from '../../../platform/forms/form-date-fields';
import { FormCheckbox, FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { PageContainer } from '../../../platform/layout/page-container';
import { reportSettingsForm } from '../public';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useChildren, useSaveChildren } from '../api/children';
import { SchoolYearButton } from '../components/school-year-wizard';
import { ReportSettingsFields } from '../components/report-settings-fields';

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
  const general = <GeneralSettings data={query.data} />;
  const classes = <ClassSettings data={query.data} />;
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

export function GeneralSettings({ data }: { data: ChildrenData }) {
  const { mutateAsync: save } = useSaveChildren();
  const settings = useSettingsForm({
    schema: childrenSettingsInput,
    saved: data.settings,
    save: (value) => save({ type: 'settings', data: value }),
    texts: { failure: childrenMessages.saveFailed },
  });
  const { control } = settings.form;
  const groups = [{ value: 0, label: 'Keine' }, ...data.gruppen.map((g) => ({ value: g.id, label: g.name }))];
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Allgemein
      </Typography>
      <SettingsForm settings={settings}>
        <FormSelectField control={control} name="id_nutzergruppe_eltern" label="Elterngruppe" options={groups} />
        <Stack direction="row" spacing={2}>
          <FormTimeField control={control} name="standardbetreuungsplatz" label="Standard-Betreuungsplatz" />
          <FormTimeField control={control} name="standardentlasszeit" label="Standardentlasszeit" />
        </Stack>
        <Typography variant="subtitle1" component="h3">
          Elternbrief mit Zugangsdaten
        </Typography>
        <FormTextField control={control} name="eltern_elternbriefLogindaten_appurl" label="App-Adresse im Brief" />
        <FormTextField
          control={control}
          name="eltern_elternbriefLogindaten_textBeforeLogindata"
          label="Text vor den Zugangsdaten"
          multiline
          minRows={3}
        />
        <FormTextField
          control={control}
          name="eltern_elternbriefLogindaten_textAfterLogindata"
          label="Text nach den Zugangsdaten"
          multiline
          minRows={3}
        />
        <FormCheckbox
          control={control}
          name="dataOffline"
          label="Daten offline auf dem Gerät speichern"
          variant="switch"
        />
        <Typography variant="subtitle1" component="h3">
          Meldungen der Eltern
        </Typography>
        <ReportSettingsFields form={reportSettingsForm(settings.form)} classes={data.klassen} />
      </SettingsForm>
    </Paper>
  );
}

type ClassesValues = z.input<typeof classesInput>;
type ClassesControl = Control<ClassesValues, unknown, unknown>;

const nobody = { alle: false, gruppen: [] };

export function ClassSettings({ data }: { data: ChildrenData }) {
  const { mutateAsync: save } = useSaveChildren();
  const settings = useSettingsForm({
    schema: classesInput,
    saved: {
      klassen: data.klassen.map(({ id, name, bedingungen, version }) => ({ id, name, bedingungen, version })),
      geloescht: [],
    },
    save: (value) => save({ type: 'klassen', data: value }),
    texts: { failure: childrenMessages.saveFailed },
  });
  const { control, getValues, setValue } = settings.form;
  const { fields, append, remove } = useFieldArray({ control, name: 'klassen' });
  const childCount = new Map(data.klassen.map((k) => [k.id, k.anzahlKinder]));
  return (
    <Paper sx={{ p: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Klassen
        </Typography>
        <Button
          startIcon={<AddIcon />}
          onClick={() => append({ id: 0, name: 'Neu', bedingungen: { f200: { sehen: nobody, bearbeiten: nobody } } })}
        >
          Klasse
        </Button>
      </Stack>
      <SettingsForm settings={settings}>
        <Stack spacing={3}>
          {fields.map((field, index) => {
            const id = Number(getValues(`klassen.${index}.id`) ?? 0);
            const children = childCount.get(id) ?? 0;
            return (
              <Box key={field.id} data-testid="class-entry">
                <ClassEntry
                  control={control}
                  index={index}
                  groups={data.gruppen}
                  childCount={children}
                  onDelete={() => {
                    if (id !== 0) setValue('geloescht', [...(getValues('geloescht') ?? []), id], { shouldDirty: true });
                    remove(index);
                  }}
                />
              </Box>
            );
          })}
        </Stack>
      </SettingsForm>
    </Paper>
  );
}

/** One class: its name (with how many children it has), delete (only when empty), who sees and edits it. */
function ClassEntry({
  control,
  index,
  groups,
  childCount,
  onDelete,
}: {
  control: ClassesControl;
  index: number;
  groups: ChildrenData['gruppen'];
  childCount: number;
  onDelete(): void;
}) {
  const name = useWatch({ control, name: `klassen.${index}.name` });
  const { field } = useController({ control, name: `klassen.${index}.bedingungen.f200` });
  const f200 = field.value as ClassConditions['f200'];
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FormTextField
          control={control}
          name={`klassen.${index}.name`}
          label="Name"
          required
          helperText={countOfChildren(childCount)}
          slotProps={{ htmlInput: { maxLength: 25 } }}
          sx={{ flex: 1 }}
        />
        <IconButton aria-label={`Klasse ${name} löschen`} disabled={childCount > 0} onClick={onDelete}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      <ConditionEditor
        label="Sehen"
        value={f200.sehen}
        groups={groups}
        implied={f200.bearbeiten}
        onChange={(sehen) => field.onChange({ ...f200, sehen })}
      />
      <ConditionEditor
        label="Bearbeiten"
        value={f200.bearbeiten}
        groups={groups}
        onChange={(bearbeiten) => field.onChange({ ...f200, bearbeiten })}
      />
    </>
  );
}
