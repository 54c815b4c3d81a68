import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { de } from 'date-fns/locale/de';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { deDE } from '@mui/x-date-pickers/locales';
import type { FieldRef } from '@mui/x-date-pickers/models';
import { dateOfWire, displayFormats, INCOMPLETE_VALUE, wireOfDate, type WireFormat } from './date-values';

const germanTexts = deDE.components.MuiLocalizationProvider.defaultProps.localeText;

/** A German date, time or date-time field whose value is the wire string ('' = empty). */
export interface PickerInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  /** A value chosen in the picker's calendar or clock (not the dates passed on the way while typing in the field). */
  onAccept?(value: string): void;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  name?: string;
  /** Shown before the value (the user parameters' icon). */
  startAdornment?: ReactNode;
  /** Earliest selectable value as a wire string of the same kind. */
  min?: string;
  /** Focus the field when it mounts (a DeferredDateInput swapped for the picker). */
  autoFocus?: boolean;
  /** Open the calendar when it mounts (a DeferredDateInput tapped, not tabbed into; issue 47). */
  openAtStart?: boolean;
}

/**
 * The Date the picker works on. The picker compares values by date, and two unfinished dates are never
 * equal, so the Date it handed out is kept as long as the parent passes the same wire string back;
 * otherwise half-typed sections would be reset on every key.
 *
 * Clearing one section of a complete value (the day of '24.12.2026') makes MUI hand on null while the
 * other sections still show digits: that is an incomplete entry, not "no value" (issue 47: a stored
 * birthday was saved as ''). After every change and key the field's sections decide: some typed and no
 * date → INCOMPLETE_VALUE (the schema reports it); all empty → ''.
 */
function usePickerDate(value: string, kind: WireFormat, onChange: (value: string) => void) {
  const [state, setState] = useState(() => ({ wire: value, date: dateOfWire(value, kind) }));
  const fieldRef = useRef<FieldRef<Date | null>>(null);
  let current = state;
  if (state.wire !== value) {
    current = { wire: value, date: dateOfWire(value, kind) };
    setState(current);
  }
  const change = (date: Date | null) => {
    const wire = wireOfDate(date, kind);
    setState({ wire, date });
    onChange(wire);
  };
  const sync = () => {
    if (current.date !== null || (current.wire !== '' && current.wire !== INCOMPLETE_VALUE)) return;
    const sections = fieldRef.current?.getSections() ?? [];
    const wire = sections.some((section) => section.value !== '') ? INCOMPLETE_VALUE : '';
    if (wire === current.wire) return;
    setState({ wire, date: null });
    onChange(wire);
  };
  const syncRef = useRef(sync);
  syncRef.current = sync;
  useEffect(() => syncRef.current(), [current.wire, current.date]);
  return [current.date, change, fieldRef, () => syncRef.current()] as const;
}

function pickerProps(
  kind: WireFormat,
  props: PickerInputProps,
  fieldRef: RefObject<FieldRef<Date | null> | null>,
  sync: () => void,
) {
  const { label, error, helperText, required, fullWidth, name, onBlur, startAdornment, min, disabled, autoFocus } =
    props;
  const { onAccept } = props;
  return {
    label,
    // Typing in the field 'accepts' every complete date on the way (source 'unknown'); only the views' choice counts.
    ...(onAccept
      ? {
          onAccept: (date: Date | null, context: { source: string }) => {
            if (context.source === 'view') onAccept(wireOfDate(date, kind));
          },
        }
      : {}),
    disabled,
    ...(autoFocus ? { autoFocus } : {}),
    name,
    format: displayFormats[kind],
    ...(min ? { minDate: dateOfWire(min, kind) ?? undefined } : {}),
    slotProps: {
      field: { fieldRef, onKeyUp: () => sync() },
      textField: {
        error,
        helperText,
        required,
        fullWidth,
        onBlur,
        ...(startAdornment ? { slotProps: { input: { startAdornment } } } : {}),
      },
    },
  };
}

function GermanPickers({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={de} localeText={germanTexts}>
      {children}
    </LocalizationProvider>
  );
}

/** A date as 'YYYY-MM-DD', shown and typed as DD.MM.YYYY. */
export function DateInput(props: PickerInputProps) {
  const [date, change, fieldRef, sync] = usePickerDate(props.value, 'date', props.onChange);
  const [open, setOpen] = useState(props.openAtStart === true);
  // Only a picker asked to open at start holds its open state; the others leave it to MUI.
  const openState =
    props.openAtStart === undefined ? {} : { open, onOpen: () => setOpen(true), onClose: () => setOpen(false) };
  return (
    <GermanPickers>
      <DatePicker {...pickerProps('date', props, fieldRef, sync)} {...openState} value={date} onChange={change} />
    </GermanPickers>
  );
}

/** A month as 'YYYY-MM', shown and typed as MM.YYYY; the calendar offers years and months. */
export function MonthInput(props: PickerInputProps) {
  const [date, change, fieldRef, sync] = usePickerDate(props.value, 'month', props.onChange);
  return (
    <GermanPickers>
      <DatePicker
        {...pickerProps('month', props, fieldRef, sync)}
        views={['year', 'month']}
        openTo="month"
        value={date}
        onChange={change}
      />
    </GermanPickers>
  );
}

/** A time as 'HH:mm', 24 h. */
export function TimeInput(props: PickerInputProps) {
  const [date, change, fieldRef, sync] = usePickerDate(props.value, 'time', props.onChange);
  return (
    <GermanPickers>
      <TimePicker {...pickerProps('time', props, fieldRef, sync)} ampm={false} value={date} onChange={change} />
    </GermanPickers>
  );
}

/** A date and time as 'YYYY-MM-DDTHH:mm', shown as DD.MM.YYYY HH:mm. */
export function DateTimeInput(props: PickerInputProps) {
  const [date, change, fieldRef, sync] = usePickerDate(props.value, 'dateTime', props.onChange);
  return (
    <GermanPickers>
      <DateTimePicker {...pickerProps('dateTime', props, fieldRef, sync)} ampm={false} value={date} onChange={change} />
    </GermanPickers>
  );
}
