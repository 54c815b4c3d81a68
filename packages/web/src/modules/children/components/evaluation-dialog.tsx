import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  SUFFIX_MAX,
  canCreateDay,
  canCreateMonth,
  contentOptions,
  defaultEvaluationClasses,
  evaluationOptions,
  evaluationSuffix,
  formatGermanDate,
  statisticsMessages,
  type ClassView,
  type EvaluationOptions,
} from '@hortus/contract';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useCreateEvaluation } from '../api/statistics';

interface Props {
  day: string;
  dayRows: readonly { anwesend: boolean }[];
  months: readonly string[];
  classes: readonly ClassView[];
  onClose(): void;
}

const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** Create an evaluation (4.10, 5.2): tab Tag (PDF) and tab Monat (ZIP with five contents). */
export function EvaluationDialog({ day, dayRows, months, classes, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width:600px)');
  const saveAction = useSaveAction();
  const { mutateAsync: create } = useCreateEvaluation();
  const [tab, setTab] = useState<'tag' | 'monat'>('tag');
  const [month, setMonth] = useState(months[0] ?? '');
  const [options, setOptions] = useState<EvaluationOptions>(() =>
    evaluationOptions.parse({ klassen: defaultEvaluationClasses(classes), archivieren: true, loeschen: true }),
  );
  const set = (patch: Partial<EvaluationOptions>) => setOptions({ ...options, ...patch });
  const suffixCheck = evaluationSuffix.safeParse(options.suffix);
  const suffixError = suffixCheck.success ? undefined : suffixCheck.error.issues[0]?.message;
  const allowed =
    !suffixError &&
    options.klassen.length > 0 &&
    (tab === 'tag' ? canCreateDay(dayRows) : canCreateMonth(month, options));
  const submit = () =>
    void saveAction(
      async () => {
        await create({ typ: tab, wert: tab === 'tag' ? day : month, monatsuebersichtElemente: options });
        onClose();
      },
      { failure: statisticsMessages.fileFailed },
    );
  const toggleClass = (id: number, on: boolean) =>
    set({ klassen: on ? [...options.klassen, id] : options.klassen.filter((other) => other !== id) });
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={fullScreen} slotProps={{ paper: { sx: { maxWidth: 800 } } }}>
      <DialogTitle>Auswertung erstellen</DialogTitle>
      <Tabs value={tab} onChange={(_, value: 'tag' | 'monat') => setTab(value)} sx={{ px: 3 }}>
        <Tab value="tag" label="Tag" />
        <Tab value="monat" label="Monat" />
      </Tabs>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {tab === 'tag' ? (
            <Typography>
              Tagesauswertung für den {formatGermanDate(day)}
              {canCreateDay(dayRows) ? '' : ` – ${statisticsMessages.noRecordsDay}`}
            </Typography>
          ) : (
            <>
              <TextField select label="Monat" value={month} onChange={(e) => setMonth(e.target.value)}>
                {months.length === 0 && <MenuItem value="">{statisticsMessages.noAttendance}</MenuItem>}
                {months.map((value) => (
                  <MenuItem key={value} value={value}>
                    {monthLabel(value)}
                  </MenuItem>
                ))}
              </TextField>
              <FormGroup aria-label="Inhalte">
                {contentOptions.map(([key, label]) => (
                  <FormControlLabel
                    key={key}
                    control={<Checkbox checked={options[key]} onChange={(e) => set({ [key]: e.target.checked })} />}
                    label={label}
                  />
                ))}
              </FormGroup>
            </>
          )}
          <Divider />
          <Typography variant="subtitle2">Klassen</Typography>
          <FormGroup row aria-label="Klassen">
            {classes.map((klasse) => (
              <FormControlLabel
                key={klasse.id}
                control={
                  <Checkbox
                    checked={options.klassen.includes(klasse.id)}
                    onChange={(e) => toggleClass(klasse.id, e.target.checked)}
                  />
                }
                label={klasse.name}
              />
            ))}
          </FormGroup>
          <Divider />
          <FormControlLabel
            control={<Switch checked={options.archivieren} onChange={(e) => set({ archivieren: e.target.checked })} />}
            label="Im Archiv speichern"
          />
          <FormControlLabel
            control={<Switch checked={options.loeschen} onChange={(e) => set({ loeschen: e.target.checked })} />}
            label="Daten danach löschen"
          />
          <TextField
            label="Namenszusatz (optional)"
            value={options.suffix}
            onChange={(e) => set({ suffix: e.target.value })}
            slotProps={{ htmlInput: { maxLength: SUFFIX_MAX } }}
            error={Boolean(suffixError)}
            helperText={suffixError ?? `${options.suffix.length}/${SUFFIX_MAX} Zeichen`}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Abbrechen</Button>
        <Button variant="contained" disabled={!allowed} onClick={submit}>
          {tab === 'tag' ? 'Tagesauswertung erstellen' : 'Monatsauswertung erstellen'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
