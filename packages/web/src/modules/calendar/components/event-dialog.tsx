import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { UseFormReturn } from 'react-hook-form';
import { germanWeekdayShort } from '@hortus/contract';
import {
  calendarLimits,
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
  type EventInput,
} from '@hortus/contract/modules/calendar';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { FormDateField, FormTimeField } from '../../../platform/forms/form-date-fields';
import { FormCheckbox, FormNumberField, FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import {
  dayAndTimeFields,
  eventFieldOf,
  eventFormSchema,
  formOf,
  singleFromSeriesInput,
  wholeSeriesInput,
  withChange,
  withSeries,
  type EventForm,
  type Occurrence,
} from '../logic/event-form';

/** Event dialog width (core.md section 9). */
export const EVENT_DIALOG_WIDTH = 800;

export interface EventDialogProps {
  /** The stored event, or null for a new one. */
  event: CalendarEvent | null;
  /** The clicked day of a series. */
  occurrence?: Occurrence | undefined;
  initialForm: EventForm;
  categories: readonly CalendarCategory[];
  editableIds: readonly number[];
  onClose(): void;
  /** Sends a change; rejects when it failed (a validationError's messages go onto the fields). */
  save(dataToSave: CalendarDataToSave): Promise<unknown>;
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

type EventFormApi = UseFormReturn<EventForm, unknown, EventInput>;

export function EventDialog({
  event,
  occurrence,
  initialForm,
  categories,
  editableIds,
  onClose,
  save,
  onOpenSeries,
}: EventDialogProps) {
  const canEditEvent = event === null || editableIds.includes(event.id_kalenderkategorie);
  const [editing, setEditing] = useState(event === null);
  const form: EventFormApi = useSchemaForm(eventFormSchema, initialForm);
  const saveAction = useSaveAction();
  const [question, setQuestion] = useState<'saveSeries' | 'deleteSeries' | 'delete' | null>(null);
  /** The answer to 'Serientermin speichern': the Speichern waiting for it, and which save it chose. */
  const answer = useRef<{ resolve(go: boolean): void; single: boolean } | null>(null);
  const isSeriesOccurrence = event !== null && event.istSerie && occurrence !== undefined;
  const kategorie = form.watch('kategorie');
  const category = categories.find((candidate) => candidate.id === (event?.id_kalenderkategorie ?? kategorie));
  const editable = categories.filter((candidate) => editableIds.includes(candidate.id));

  // The question stays open while the deletion runs and goes with the event dialog: closed first, its
  // history entry's return (history.back()) could land after the page's own navigation and reopen the event.
  const remove = async (dataToSave: CalendarDataToSave) => {
    const done = await saveAction(() => save(dataToSave), {
      success: calendarMessages.deleted,
      failure: calendarMessages.saveFailed,
    });
    if (done !== null) onClose();
    else setQuestion(null);
  };
  const askRemove = () => setQuestion(isSeriesOccurrence ? 'deleteSeries' : 'delete');
  const answerSeries = (go: boolean, single = false) => {
    setQuestion(null);
    const waiting = answer.current;
    if (!waiting) return;
    waiting.single = single;
    waiting.resolve(go);
  };

  const shown = occurrence ?? (event ? { start: event.start, end: event.end } : null);
  const title = (text: string) => (
    <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: category?.farbe ?? 'grey.500', flex: 'none' }}
      />
      <span>{text}</span>
    </Stack>
  );
  const deleteButton = event !== null && canEditEvent && (
    <Button color="error" startIcon={<DeleteIcon />} onClick={askRemove} sx={{ mr: 'auto' }}>
      Löschen
    </Button>
  );

  const dialog =
    !editing && event !== null && shown ? (
      <DialogShell
        title={title(event.name)}
        onClose={onClose}
        width={EVENT_DIALOG_WIDTH}
        dividers
        actions={
          <>
            {deleteButton}
            {canEditEvent && (
              <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                Bearbeiten
              </Button>
            )}
          </>
        }
      >
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
      </DialogShell>
    ) : (
      <FormDialog
        form={form}
        title={title(event === null ? 'Neuer Termin' : 'Termin bearbeiten')}
        width={EVENT_DIALOG_WIDTH}
        texts={{ success: calendarMessages.saved, failure: calendarMessages.saveFailed }}
        serverErrorPrefix="dataToSave.data."
        serverErrors={{ fieldOf: eventFieldOf }}
        beforeSave={
          isSeriesOccurrence
            ? () =>
                new Promise<boolean>((resolve) => {
                  answer.current = { resolve, single: false };
                  setQuestion('saveSeries');
                })
            : undefined
        }
        onSubmit={(checked) => {
          // The loaded event's version, so a save over someone else's change answers 'conflict'.
          if (!isSeriesOccurrence || !event || !occurrence)
            return save({
              type: 'saveTermin',
              data: event && checked.id === event.id ? { ...checked, version: event.version } : checked,
            });
          const single = answer.current?.single ?? false;
          const data = single
            ? singleFromSeriesInput(form.getValues(), event.id)
            : wholeSeriesInput(form.getValues(), event);
          // Both are made from values the form has just checked; no input means there is nothing to save.
          if (!data) return Promise.reject(new Error(calendarMessages.saveFailed));
          return save(
            single
              ? { type: 'saveTermin', data, ausnahme: { von: occurrence.start, bis: occurrence.end } }
              : { type: 'saveTermin', data: data.id === event.id ? { ...data, version: event.version } : data },
          );
        }}
        onClose={onClose}
        extraActions={deleteButton}
      >
        <EventFields form={form} categories={editable} />
      </FormDialog>
    );

  return (
    <>
      {dialog}
      {question === 'saveSeries' && (
        <DialogShell
          title="Serientermin speichern"
          onClose={() => answerSeries(false)}
          closeLabel={null}
          actions={
            <>
              <Button onClick={() => answerSeries(false)}>Abbrechen</Button>
              <Button onClick={() => answerSeries(true, true)}>{calendarMessages.saveSingle}</Button>
              <Button variant="contained" onClick={() => answerSeries(true)}>
                {calendarMessages.saveWholeSeries}
              </Button>
            </>
          }
        >
          <Typography>{calendarMessages.saveSeriesQuestion}</Typography>
        </DialogShell>
      )}
      {question === 'deleteSeries' && (
        <DialogShell
          title="Serientermin löschen"
          onClose={() => setQuestion(null)}
          closeLabel={null}
          actions={
            <>
              <Button onClick={() => setQuestion(null)}>Abbrechen</Button>
              <Button
                onClick={() => {
                  if (event && occurrence)
                    void remove({
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
                onClick={() => event && void remove({ type: 'delTermin', data: { id: event.id } })}
              >
                {calendarMessages.deleteWholeSeries}
              </Button>
            </>
          }
        >
          <Typography>{calendarMessages.deleteSeriesQuestion}</Typography>
        </DialogShell>
      )}
      <ConfirmDialog
        open={question === 'delete'}
        text={calendarMessages.deleteConfirm}
        onCancel={() => setQuestion(null)}
        onConfirm={() => event && void remove({ type: 'delTermin', data: { id: event.id } })}
      />
    </>
  );
}

/** Keeps a stored event's form in sync when opened for another occurrence. */
export function initialFormOf(event: CalendarEvent, occurrence?: Occurrence): EventForm {
  return formOf(event, occurrence);
}

type DayAndTime = Pick<EventForm, (typeof dayAndTimeFields)[number]>;
const dayAndTimeOf = (form: EventForm): DayAndTime => ({
  startDay: form.startDay,
  startTime: form.startTime,
  endDay: form.endDay,
  endTime: form.endTime,
});

/**
 * Start and end follow each other (withChange) once a picker is left, measured from the values before
 * it was edited: while digits are typed the field passes through times such as 01:00 on the way to 17:00.
 */
function useStartEndRule(form: EventFormApi) {
  const before = useRef<DayAndTime | null>(null);
  const edit = () => {
    before.current ??= dayAndTimeOf(form.getValues());
  };
  const settle = (side: 'start' | 'end') => {
    const base = before.current;
    before.current = null;
    if (base) {
      const current = form.getValues();
      const next = withChange({ ...current, ...base }, dayAndTimeOf(current), side);
      for (const field of dayAndTimeFields) {
        if (next[field] !== current[field]) form.setValue(field, next[field], { shouldDirty: true });
      }
    }
    // A rule between start and end may now hold: messages on the other side are checked again.
    const stale = dayAndTimeFields.filter((field) => form.getFieldState(field).error !== undefined);
    if (stale.length > 0) void form.trigger(stale);
  };
  return { edit, settle };
}

function EventFields({ form, categories }: { form: EventFormApi; categories: readonly CalendarCategory[] }) {
  const { control } = form;
  const [timed, istSerie, ausSerie, repeat] = form.watch(['timed', 'istSerie', 'ausSerie', 'repeat']);
  const { edit, settle } = useStartEndRule(form);
  const categoryOptions = categories.map((category) => ({
    value: category.id,
    label: (
      <>
        <Box
          component="span"
          sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: category.farbe, mr: 1 }}
        />
        {category.name}
      </>
    ),
  }));
  const startSide = { onChange: edit, onBlur: () => settle('start') };
  const endSide = { onChange: edit, onBlur: () => settle('end') };
  const weekdayError = form.formState.errors.repeat?.woechentlichWochentage?.message;
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <FormSelectField control={control} name="kategorie" label="Kalender" options={categoryOptions} />
      <FormTextField control={control} name="name" label="Titel" required />
      <FormTextField control={control} name="beschreibung" label="Beschreibung" multiline minRows={2} />
      <FormCheckbox control={control} name="timed" label="Ganztägig" inverted />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormDateField control={control} name="startDay" label="Beginn" {...startSide} />
        {timed && <FormTimeField control={control} name="startTime" label="Uhrzeit Beginn" {...startSide} />}
        <FormDateField control={control} name="endDay" label="Ende" {...endSide} />
        {timed && <FormTimeField control={control} name="endTime" label="Uhrzeit Ende" {...endSide} />}
      </Stack>
      {ausSerie === 0 && (
        <FormCheckbox
          control={control}
          name="istSerie"
          label="Serientermin"
          onChange={(checked) => {
            const { repeat: defaults } = withSeries(form.getValues(), checked);
            if (defaults !== form.getValues('repeat')) form.setValue('repeat', defaults, { shouldDirty: true });
          }}
        />
      )}
      {istSerie && repeat && (
        <Stack spacing={2} sx={{ pl: { sm: 2 }, borderLeft: { sm: 3 }, borderColor: { sm: 'divider' } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormDateField control={control} name="repeat.von" label="Serie von" required />
            <FormDateField control={control} name="repeat.bis" label="Serie bis" required />
            <FormSelectField
              control={control}
              name="repeat.mustertyp"
              label="Muster"
              options={patternTypes.map((type) => ({ value: type, label: type }))}
              sx={{ minWidth: 140 }}
            />
            <FormNumberField
              control={control}
              name="repeat.musterintervall"
              label="Intervall"
              required
              slotProps={{ htmlInput: { min: 1, max: calendarLimits.maxIntervall } }}
              sx={{ width: 110 }}
            />
          </Stack>
          {repeat.mustertyp === 'Wochen' && (
            <Box>
              <FormGroup row aria-label="Wochentage">
                {weekdayKeys.map((key, index) => (
                  <FormCheckbox
                    key={key}
                    control={control}
                    name={`repeat.woechentlichWochentage.${key}`}
                    label={germanWeekdayShort[index]}
                    onChange={() => void form.trigger('repeat.woechentlichWochentage')}
                  />
                ))}
              </FormGroup>
              {weekdayError && <FormHelperText error>{weekdayError}</FormHelperText>}
            </Box>
          )}
          {repeat.mustertyp === 'Monate' && (
            <FormNumberField
              control={control}
              name="repeat.monatlichTag"
              label="Tag im Monat"
              required
              slotProps={{ htmlInput: { min: 1, max: 31 } }}
              sx={{ width: 160 }}
            />
          )}
          {repeat.mustertyp === 'Jahre' && (
            <Stack direction="row" spacing={2}>
              <FormNumberField
                control={control}
                name="repeat.jaehrlichTag"
                label="Tag"
                required
                slotProps={{ htmlInput: { min: 1, max: 31 } }}
                sx={{ width: 110 }}
              />
              <FormSelectField
                control={control}
                name="repeat.jaehrlichMonat"
                label="Monat"
                options={monthNames.map((name, index) => ({ value: index + 1, label: name }))}
                sx={{ minWidth: 160 }}
              />
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
                    onClick={() =>
                      form.setValue(
                        'repeat.ausnahmen',
                        repeat.ausnahmen.filter((other) => other !== text),
                        { shouldDirty: true },
                      )
                    }
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
