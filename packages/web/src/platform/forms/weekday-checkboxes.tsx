import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import { useId } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps } from './form-fields';
import { useFormReadOnly } from './form-read-only';

const names = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;

/** Weekdays 1 (Monday) … 7 (Sunday) as a row of checkboxes; `value` lists the checked ones. */
export function WeekdayCheckboxes({
  value,
  onChange,
  onBlur,
  error,
  disabled,
}: {
  value: readonly number[];
  onChange(days: number[]): void;
  onBlur?(): void;
  /** A message under the row (the form's German message for the field). */
  error?: string;
  disabled?: boolean;
}) {
  const errorId = useId();
  const toggle = (day: number) => onChange(value.includes(day) ? value.filter((d) => d !== day) : [...value, day]);
  return (
    <FormControl error={error !== undefined} disabled={disabled} component="fieldset" variant="standard">
      <FormGroup row role="group" aria-label="Wochentage" aria-describedby={error === undefined ? undefined : errorId}>
        {names.map((name, index) => (
          <FormControlLabel
            key={name}
            control={
              <Checkbox checked={value.includes(index + 1)} onChange={() => toggle(index + 1)} onBlur={onBlur} />
            }
            label={name}
          />
        ))}
      </FormGroup>
      {error !== undefined && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}

/** WeekdayCheckboxes bound to a form's list of weekdays; the schema's German message shows under the row. */
export function FormWeekdayCheckboxes<T extends FieldValues>({ control, name }: BoundFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const readOnly = useFormReadOnly();
  return (
    <WeekdayCheckboxes
      value={(field.value as number[] | undefined) ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      disabled={readOnly}
    />
  );
}
