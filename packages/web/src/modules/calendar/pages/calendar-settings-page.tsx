import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CircleIcon from '@mui/icons-material/Circle';
import DeleteIcon from '@mui/icons-material/Delete';
import { toLocal, type UserGroup, type UserParameter } from '@hortus/contract';
import { calendarMessages, saveCalendarSettingsInput, type CalendarReply } from '@hortus/contract/modules/calendar';
import { useSettings } from '../../../platform/api/get-settings';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { SettingsForm as SettingsFormBody, useSettingsForm } from '../../../platform/forms/settings-form';
import { PageContainer } from '../../../platform/layout/page-container';
import { useCalendar, useCalendarChange, windowAround, type CalendarWindow } from '../api/calendar-api';
import {
  addCategory,
  deletionOf,
  removeCategory,
  settingsFormOf,
  termineText,
  type SettingsForm,
} from '../logic/settings-form';

/** /110-set 'Einstellungen': default and birthday calendar, birthday parameter and visibility, categories. */

export function CalendarSettingsPage() {
  // The settings need the categories, not the events: the window of this month (shared with the calendar page).
  const [loadWindow] = useState(() => {
    const today = toLocal(Date.now());
    return windowAround(today.year, today.month);
  });
  const query = useCalendar(loadWindow);
  const settings = useSettings();
  if (!query.data || !settings.data) {
    return query.isError ? (
      <PageContainer>
        <Typography color="text.secondary">Die Einstellungen konnten nicht geladen werden.</Typography>
      </PageContainer>
    ) : (
      <PageLoading />
    );
  }
  return (
    <SettingsEditor
      data={query.data}
      loadWindow={loadWindow}
      groups={settings.data.nutzergruppen}
      parameters={settings.data.nutzerparameter}
    />
  );
}

function SettingsEditor({
  data,
  loadWindow,
  groups,
  parameters,
}: {
  data: CalendarReply;
  loadWindow: CalendarWindow;
  groups: readonly UserGroup[];
  parameters: readonly UserParameter[];
}) {
  const { mutateAsync } = useCalendarChange(loadWindow);
  // The draft keeps each category's number of events (shown, not saved; the schema leaves it out).
  const settings = useSettingsForm({
    schema: saveCalendarSettingsInput,
    saved: settingsFormOf(data),
    save: (value) => mutateAsync({ type: 'saveSettings', data: value }),
    texts: { success: calendarMessages.settingsSaved, failure: calendarMessages.settingsSaveFailed },
  });
  const form = settings.draft as SettingsForm;
  const setForm = (next: SettingsForm) => settings.update(next);
  const [selected, setSelected] = useState(0);
  const category = form.kategorien[selected];
  const nameError =
    settings.form.getFieldState(`kategorien.${selected}.name`, settings.form.formState).error?.message ?? null;
  const dateParameters = parameters.filter((parameter) => parameter.typ === 7);
  const { canDelete, note: deleteNote } = deletionOf(form, selected);
  const setCategory = (change: Partial<SettingsForm['kategorien'][number]>) =>
    setForm({
      ...form,
      kategorien: form.kategorien.map((entry, index) => (index === selected ? { ...entry, ...change } : entry)),
    });
  return (
    <PageContainer>
      <SettingsFormBody settings={settings}>
        <Stack spacing={3}>
          <Paper sx={{ p: 3 }}>
            <Typography variant="h6" component="h1" gutterBottom>
              Kalender-Einstellungen
            </Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <TextField
                select
                label="Standardkalender"
                value={form.standard_id_kategorie}
                onChange={(event) => setForm({ ...form, standard_id_kategorie: Number(event.target.value) })}
                sx={{ minWidth: 220 }}
              >
                {form.kategorien.map((entry) => (
                  <MenuItem key={entry.id} value={entry.id}>
                    {entry.name || '(ohne Namen)'}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label="Kalender für Geburtstage"
                value={form.id_kalenderkategorie_geburtstag}
                onChange={(event) => setForm({ ...form, id_kalenderkategorie_geburtstag: Number(event.target.value) })}
                sx={{ minWidth: 220 }}
              >
                <MenuItem value={0}>keiner</MenuItem>
                {form.kategorien.map((entry) => (
                  <MenuItem key={entry.id} value={entry.id}>
                    {entry.name || '(ohne Namen)'}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label="Parameter Geburtsdatum"
                value={form.id_nutzerparameter_geburtstag}
                onChange={(event) => setForm({ ...form, id_nutzerparameter_geburtstag: Number(event.target.value) })}
                sx={{ minWidth: 220 }}
              >
                <MenuItem value={0}>keiner</MenuItem>
                {dateParameters.map((parameter) => (
                  <MenuItem key={parameter.id} value={parameter.id}>
                    {parameter.name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 1 }}>
              Wer sieht Geburtstage?
            </Typography>
            <Stack spacing={1.5} divider={<Divider flexItem />}>
              {groups.map((group) => {
                const key = `gruppe${group.id}`;
                const value = form.bedingungen_geburtstage_sehen.gruppen[key] ?? { alle: false, gruppen: [] };
                return (
                  <ConditionEditor
                    key={group.id}
                    label={`Gruppe ${group.name} sieht die Geburtstage von`}
                    value={value}
                    groups={groups}
                    onChange={(next) =>
                      setForm({
                        ...form,
                        bedingungen_geburtstage_sehen: {
                          gruppen: { ...form.bedingungen_geburtstage_sehen.gruppen, [key]: next },
                        },
                      })
                    }
                  />
                );
              })}
            </Stack>
          </Paper>

          <Paper sx={{ p: 3 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Kalender
            </Typography>
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 4 }}>
                <List dense aria-label="Kalender">
                  {form.kategorien.map((entry, index) => (
                    <ListItem key={entry.id} disablePadding>
                      <ListItemButton selected={index === selected} onClick={() => setSelected(index)}>
                        <ListItemIcon sx={{ minWidth: 32 }}>
                          <CircleIcon fontSize="small" sx={{ color: entry.farbe }} />
                        </ListItemIcon>
                        <ListItemText
                          primary={entry.name || '(ohne Namen)'}
                          secondary={entry.id > 0 ? termineText(entry.termine) : 'neu'}
                        />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
                <Button
                  startIcon={<AddIcon />}
                  onClick={() => {
                    setForm(addCategory(form));
                    setSelected(form.kategorien.length);
                  }}
                >
                  Kalender hinzufügen
                </Button>
              </Grid>
              <Grid size={{ xs: 12, md: 8 }}>
                {category && (
                  <Stack spacing={2}>
                    <Stack direction="row" spacing={2}>
                      <TextField
                        label="Name"
                        required
                        value={category.name}
                        error={nameError !== null}
                        helperText={nameError}
                        onChange={(event) => setCategory({ name: event.target.value })}
                        sx={{ flex: 1 }}
                      />
                      <TextField
                        type="color"
                        label="Farbe"
                        value={category.farbe}
                        onChange={(event) => setCategory({ farbe: event.target.value.toUpperCase() })}
                        sx={{ width: 100 }}
                      />
                    </Stack>
                    <ConditionEditor
                      label="Wer sieht die Termine?"
                      value={category.bedingungen.f110.sehen}
                      groups={groups}
                      implied={category.bedingungen.f110.bearbeiten}
                      onChange={(sehen) =>
                        setCategory({ bedingungen: { f110: { ...category.bedingungen.f110, sehen } } })
                      }
                    />
                    <ConditionEditor
                      label="Wer darf Termine bearbeiten?"
                      value={category.bedingungen.f110.bearbeiten}
                      groups={groups}
                      onChange={(bearbeiten) =>
                        setCategory({ bedingungen: { f110: { ...category.bedingungen.f110, bearbeiten } } })
                      }
                    />
                    <Box>
                      <Button
                        color="error"
                        startIcon={<DeleteIcon />}
                        disabled={!canDelete}
                        onClick={() => {
                          const next = removeCategory(form, selected);
                          setForm(next.form);
                          setSelected(next.selected);
                        }}
                      >
                        Kalender löschen
                      </Button>
                      {deleteNote && (
                        <Typography variant="body2" color="text.secondary" data-testid="category-delete-note">
                          {deleteNote}
                        </Typography>
                      )}
                    </Box>
                  </Stack>
                )}
              </Grid>
            </Grid>
          </Paper>
        </Stack>
      </SettingsFormBody>
    </PageContainer>
  );
}
