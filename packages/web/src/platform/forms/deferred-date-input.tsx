import { Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import EventIcon from '@mui/icons-material/Event';
import { formatGermanDate, isIsoDate } from '@hortus/contract';
import type { PickerInputProps } from './date-pickers';
import { lazyExport } from '../lazy/lazy-export';

const DateInput = lazyExport(() => import('./date-pickers'), 'DateInput');
const TimeInput = lazyExport(() => import('./date-pickers'), 'TimeInput');

/**
 * A TimeInput on a page that shows it only in some states (the children list's fixed registration
 * time): the picker's code loads when the field first appears, not with the page (issue 21). Meanwhile
 * a disabled field of the same size holds its place.
 */
export function LazyTimeInput(props: PickerInputProps) {
  return (
    <Suspense fallback={<TextField label={props.label} value={props.value} disabled fullWidth={props.fullWidth} />}>
      <TimeInput {...props} />
    </Suspense>
  );
}

/**
 * A DateInput for a page's first screen: it shows the date as a plain read-only field of the same size
 * and becomes the MUI date picker (loaded then) when it is focused or clicked. The picker's field
 * measures and selects its sections on mount, about 200 ms of main thread on a throttled phone; a
 * date the user rarely changes (the dashboard's widget 2) should not cost that at start (issue 21).
 */
export function DeferredDateInput(props: PickerInputProps) {
  // A tap on the calendar icon opens the calendar at once, as the picker's own icon does; a tap on the field
  // or keyboard focus swaps in the picker to type in. Before, the icon's first tap only swapped in the picker
  // and seemed to do nothing (issue 47).
  const [active, setActive] = useState<{ open: boolean } | null>(null);
  const activate = (open: boolean) => () => setActive((current) => current ?? { open });
  const field = (
    <TextField
      label={props.label}
      value={isIsoDate(props.value) ? formatGermanDate(props.value) : ''}
      disabled={props.disabled}
      required={props.required}
      fullWidth={props.fullWidth}
      error={props.error}
      helperText={props.helperText}
      onFocus={activate(false)}
      onClick={activate(false)}
      slotProps={{
        htmlInput: { readOnly: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label="Datum auswählen"
                tabIndex={-1}
                disabled={props.disabled}
                onPointerDown={activate(true)}
                onClick={activate(true)}
              >
                <EventIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
  if (!active) return field;
  return (
    <Suspense fallback={field}>
      <DateInput {...props} autoFocus openAtStart={active.open} />
    </Suspense>
  );
}
