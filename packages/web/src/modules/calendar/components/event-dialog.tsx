import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  calendarMessages,
  germanDay,
  monthNames,
  parseAusnahme,
  patternTypes,
  seriesDescription,
  weekdayKeys,
  type CalendarCategory,
  type CalendarDataToSave,
  type CalendarEvent,
  type RepeatWire,
} from '@hortus/contract';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { DateInput, TimeInput } from '../../../platform/forms/date-pickers';
import { useDiscardGuard } from '../../../platform/forms/use-discard-guard';
import {
  formErrors,
  formOf,
  inputOf,
  singleFromSeriesInput,
  wholeSeriesInput,
  withChange,
  withSeries,
  type EventForm,
  type Occurrence,
} from '../logic/event-form';

/** Event dialog width (core.md section 9). */
export const EVENT_DIALOG_WIDTH = 800;

const weekdayLabels = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];

export interface EventDialogProps {
  /** The stored event, or null for a new one. */
  event: CalendarEvent | null;
  /** The clicked day of a series. */
  occurrence?: Occurrence | undefined;
  initialForm: EventForm;
  categories: readonly CalendarCategory[];
  editableIds: readonly number[];
  onClose(): void;
  /** Runs a change; resolves true when it succeeded. */
  onChange(dataToSave: CalendarDataToSave): Promise<boolean>;
  onOpenSeries(id: number): void;
}

function dateTimeText(ms: number, timed: boolean): string {
  return new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(timed ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(ms);
}

export function EventDialog({
  event,
  occurrence,
  initialForm,
  categories,
  editableIds,
  onClose,
  onChange,
  onOpenSeries,
}: EventDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.only('xs'));
  const canEditEvent = event === null || editableIds.includes(event.id_kalenderkategorie);
  const [editing, setEditing] = useState(event === null);
  const [form, setForm] = useState<EventForm>(initialForm);
  const [question, setQuestion] = useState<'saveSeries' | 'deleteSeries' | 'delete' | null>(null);
  const errors = formErrors(form);
  const isValid = Object.keys(errors).length === 0;
  const isSeriesOccurrence = event !== null && event.istSerie && occurrence !== undefined;
  const category = categories.find((candidate) => candidate.id === (event?.id_kalenderkategorie ?? form.kategorie));
  const editable = categories.filter((candidate) => editableIds.includes(candidate.id));

  const run = async (dataToSave: CalendarDataToSave) => {
    setQuestion(null);
    if (await onChange(dataToSave)) onClose();
  };

  const save = () => {
    if (!isValid) return;
    if (isSeriesOccurrence) {
      setQuestion('saveSeries');
      return;
    }
    const data = inputOf(form);
    if (data) void run({ type: 'saveTermin', data });
  };

  const remove = () => setQuestion(isSeriesOccurrence ? 'deleteSeries' : 'delete');
  const isDirty = editing && JSON.stringify(form) !== JSON.stringify(initialForm);
  const { requestClose, confirmDialog } = useDiscardGuard(isDirty, onClose);

  const shown = occurrence ?? (event ? { start: event.start, end: event.end } : null);

  return (
    <Dialog
      open
      onClose={requestClose}
      fullScreen={fullScreen}
      aria-labelledby="event-dialog-title"
      slotProps={{ paper: { sx: fullScreen ? {} : { width: EVENT_DIALOG_WIDTH, maxWidth: '100%' } } }}
    >
      <DialogTitle id="event-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 18 }}>
        <Box
          aria-hidden
          sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: category?.farbe ?? 'grey.500', flex: 'none' }}
        />
        {event === null ? 'Neuer Termin' : editing ? 'Termin bearbeiten' : event.name}
      </DialogTitle>
      <Box sx={{ position: 'absolute', right: 8, top: 8, display: 'flex' }}>
        {event !== null && !editing && canEditEvent && (
          <IconButton aria-label="bearbeiten" onClick={() => setEditing(true)}>
            <EditIcon />
          </IconButton>
        )}
        {event !== null && canEditEvent && (
          <IconButton aria-label="löschen" onClick={remove}>
            <DeleteIcon />
          </IconButton>
        )}
        <IconButton aria-label="schließen" onClick={requestClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <DialogContent dividers>
        {!editing && event !== null && shown ? (
          <Stack spacing={1.5}>
            <Typography color="text.secondary">{category?.name}</Typography>
            <Typography>
              {dateTimeText(shown.start, event.timed)} – {dateTimeText(shown.end, event.timed)}
              {!event.timed && ' (ganztägig)'}
            </Typography>
            {event.istSerie && event.repeat && (
              <Typography color="text.secondary">{seriesDescription(event.repeat)}</Typography>
            )}
            <Typography variant="h6" component="p">
              {event.name}
            </Typography>
            {event.beschreibung !== '' && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{event.beschreibung}</Typography>}
            {event.ausSerie > 0 && (
              <Link component="button" onClick={() => onOpenSeries(event.ausSerie)} sx={{ alignSelf: 'flex-start' }}>
                {calendarMessages.toSeries}
              </Link>
            )}
          </Stack>
        ) : (
          <EventFields form={form} setForm={setForm} errors={errors} categories={editable} />
        )}
      </DialogContent>
      {editing && (
        <DialogActions>
          <Button onClick={requestClose}>Abbrechen</Button>
          <Button variant="contained" disabled={!isValid} onClick={save}>
            Speichern
          </Button>
        </DialogActions>
      )}

      <Dialog open={question === 'saveSeries'} onClose={() => setQuestion(null)} aria-labelledby="save-series-title">
        <DialogTitle id="save-series-title">Serientermin speichern</DialogTitle>
        <DialogContent>
          <DialogContentText>{calendarMessages.saveSeriesQuestion}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setQuestion(null)}>Abbrechen</Button>
          <Button
            onClick={() => {
              const data = event && occurrence ? singleFromSeriesInput(form, event.id) : null;
              if (data && occurrence)
                void run({ type: 'saveTermin', data, ausnahme: { von: occurrence.start, bis: occurrence.end } });
            }}
          >
            {calendarMessages.saveSingle}
          </Button>
          <Button
            variant="contained"
            onClick={() => {
              const data = event ? wholeSeriesInput(form, event) : null;
              if (data) void run({ type: 'saveTermin', data });
            }}
          >
            {calendarMessages.saveWholeSeries}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={question === 'deleteSeries'}
        onClose={() => setQuestion(null)}
        aria-labelledby="delete-series-title"
      >
        <DialogTitle id="delete-series-title">Serientermin löschen</DialogTitle>
        <DialogContent>
          <DialogContentText>{calendarMessages.deleteSeriesQuestion}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setQuestion(null)}>Abbrechen</Button>
          <Button
            onClick={() => {
              if (event && occurrence)
                void run({
                  type: 'delTermin',
                  data: { id: event.id, ausnahme: { von: occurrence.start, bis: occurrence.end } },
                });
            }}
          >
            {calendarMessages.deleteOnlyDay}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => event && void run({ type: 'delTermin', data: { id: event.id } })}
          >
            {calendarMessages.deleteWholeSeries}
          </Button>
        </DialogActions>
      </Dialog>

      <ConfirmDialog
        open={question === 'delete'}
        text={calendarMessages.deleteConfirm}
        onCancel={() => setQuestion(null)}
        onConfirm={() => event && void run({ type: 'delTermin', data: { id: event.id } })}
      />
      {confirmDialog}
    </Dialog>
  );
}

/** Keeps a stored event's form in sync when opened for another occurrence. */
export function initialFormOf(event: CalendarEvent, occurrence?: Occurrence): EventForm {
  return formOf(event, occurrence);
}

function EventFields({
  form,
  setForm,
  errors,
  categories,
}: {
  form: EventForm;
  setForm(form: EventForm): void;
  errors: ReturnType<typeof formErrors>;
  categories: readonly CalendarCategory[];
}) {
  const repeat = form.repeat;
  // Start and end follow each other (withChange) once a field is left, measured from the values before
  // it was edited: while digits are typed the field passes through times such as 01:00 on the way to 17:00.
  const before = useRef<EventForm | null>(null);
  const edit = (change: Partial<EventForm>) => {
    before.current ??= form;
    setForm({ ...form, ...change });
  };
  const settle = (side: 'start' | 'end') => {
    const base = before.current;
    if (!base) return;
    before.current = null;
    const { startDay, startTime, endDay, endTime } = form;
    const previous = { startDay: base.startDay, startTime: base.startTime, endDay: base.endDay, endTime: base.endTime };
    setForm(withChange({ ...form, ...previous }, { startDay, startTime, endDay, endTime }, side));
  };
  const setRepeat = (change: Partial<RepeatWire>) => repeat && setForm({ ...form, repeat: { ...repeat, ...change } });
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <TextField
        select
        label="Kalender"
        value={categories.some((category) => category.id === form.kategorie) ? form.kategorie : ''}
        onChange={(changeEvent) => setForm({ ...form, kategorie: Number(changeEvent.target.value) })}
      >
        {categories.map((category) => (
          <MenuItem key={category.id} value={category.id}>
            <Box
              component="span"
              sx={{
                display: 'inline-block',
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: category.farbe,
                mr: 1,
              }}
            />
            {category.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Titel"
        required
        value={form.name}
        error={errors.name !== undefined}
        helperText={errors.name}
        onChange={(changeEvent) => setForm({ ...form, name: changeEvent.target.value })}
      />
      <TextField
        label="Beschreibung"
        multiline
        minRows={2}
        value={form.beschreibung}
        onChange={(changeEvent) => setForm({ ...form, beschreibung: changeEvent.target.value })}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={!form.timed}
            onChange={(changeEvent) => setForm({ ...form, timed: !changeEvent.target.checked })}
          />
        }
        label="Ganztägig"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateInput
          label="Beginn"
          value={form.startDay}
          onChange={(startDay) => edit({ startDay })}
          onBlur={() => settle('start')}
        />
        {form.timed && (
          <TimeInput
            label="Uhrzeit Beginn"
            value={form.startTime}
            onChange={(startTime) => edit({ startTime })}
            onBlur={() => settle('start')}
          />
        )}
        <DateInput
          label="Ende"
          value={form.endDay}
          error={errors.end !== undefined}
          helperText={errors.end}
          onChange={(endDay) => edit({ endDay })}
          onBlur={() => settle('end')}
        />
        {form.timed && (
          <TimeInput
            label="Uhrzeit Ende"
            value={form.endTime}
            onChange={(endTime) => edit({ endTime })}
            onBlur={() => settle('end')}
          />
        )}
      </Stack>
      {form.ausSerie === 0 && (
        <FormControlLabel
          control={
            <Checkbox
              checked={form.istSerie}
              onChange={(changeEvent) => setForm(withSeries(form, changeEvent.target.checked))}
            />
          }
          label="Serientermin"
        />
      )}
      {form.istSerie && repeat && (
        <Stack spacing={2} sx={{ pl: { sm: 2 }, borderLeft: { sm: 3 }, borderColor: { sm: 'divider' } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <DateInput label="Serie von" required value={repeat.von} onChange={(von) => setRepeat({ von })} />
            <DateInput label="Serie bis" required value={repeat.bis} onChange={(bis) => setRepeat({ bis })} />
            <TextField
              select
              label="Muster"
              value={repeat.mustertyp}
              onChange={(changeEvent) => setRepeat({ mustertyp: changeEvent.target.value as RepeatWire['mustertyp'] })}
              sx={{ minWidth: 140 }}
            >
              {patternTypes.map((type) => (
                <MenuItem key={type} value={type}>
                  {type}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="number"
              label="Intervall"
              required
              value={repeat.musterintervall}
              error={errors.repeat !== undefined}
              helperText={errors.repeat}
              slotProps={{ htmlInput: { min: 1, max: 999 } }}
              onChange={(changeEvent) => setRepeat({ musterintervall: Math.floor(Number(changeEvent.target.value)) })}
              sx={{ width: 110 }}
            />
          </Stack>
          {repeat.mustertyp === 'Wochen' && (
            <FormGroup row aria-label="Wochentage">
              {weekdayKeys.map((key, index) => (
                <FormControlLabel
                  key={key}
                  label={weekdayLabels[index]}
                  control={
                    <Checkbox
                      checked={repeat.woechentlichWochentage[key]}
                      onChange={(changeEvent) =>
                        setRepeat({
                          woechentlichWochentage: {
                            ...repeat.woechentlichWochentage,
                            [key]: changeEvent.target.checked,
                          },
                        })
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          )}
          {repeat.mustertyp === 'Monate' && (
            <TextField
              type="number"
              label="Tag im Monat"
              required
              value={repeat.monatlichTag}
              slotProps={{ htmlInput: { min: 1, max: 31 } }}
              onChange={(changeEvent) => setRepeat({ monatlichTag: Math.floor(Number(changeEvent.target.value)) })}
              sx={{ width: 160 }}
            />
          )}
          {repeat.mustertyp === 'Jahre' && (
            <Stack direction="row" spacing={2}>
              <TextField
                type="number"
                label="Tag"
                required
                value={repeat.jaehrlichTag}
                slotProps={{ htmlInput: { min: 1, max: 31 } }}
                onChange={(changeEvent) => setRepeat({ jaehrlichTag: Math.floor(Number(changeEvent.target.value)) })}
                sx={{ width: 110 }}
              />
              <TextField
                select
                label="Monat"
                value={repeat.jaehrlichMonat}
                onChange={(changeEvent) => setRepeat({ jaehrlichMonat: Number(changeEvent.target.value) })}
                sx={{ minWidth: 160 }}
              >
                {monthNames.map((name, index) => (
                  <MenuItem key={name} value={index + 1}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          )}
          <Box>
            <Typography variant="subtitle2">Ausnahmen</Typography>
            {repeat.ausnahmen.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                Keine Ausnahmen
              </Typography>
            )}
            {repeat.ausnahmen.map((text) => {
              const exception = parseAusnahme(text);
              if (!exception) return null;
              const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(exception.von);
              return (
                <Stack key={text} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2">{germanDay(day)}</Typography>
                  <IconButton
                    size="small"
                    aria-label={`Ausnahme ${germanDay(day)} entfernen`}
                    onClick={() => setRepeat({ ausnahmen: repeat.ausnahmen.filter((other) => other !== text) })}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Stack>
              );
            })}
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
