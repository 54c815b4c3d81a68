import type { ChangeEvent, ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useFormReadOnly } from './form-read-only';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** What every bound field takes: the form's control and the field's path in the values. */
export interface BoundFieldProps<T extends FieldValues> {
  control: Control<T, unknown, unknown>;
  name: FieldPath<T>;
}

type TextProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'select' | 'children'>;

/** A text field bound to the form; the schema's German message replaces the helper text. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  disabled,
  ...props
}: BoundFieldProps<T> & TextProps) {
  const { field, fieldState } = useController({ control, name });
  const readOnly = useFormReadOnly();
  return (
    <TextField
      {...props}
      disabled={disabled || readOnly}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}

/** A number field bound to a number: an empty or unreadable entry becomes NaN, which the schema refuses with its German message. */
export function FormNumberField<T extends FieldValues>({
  control,
  name,
  helperText,
  disabled,
  ...props
}: BoundFieldProps<T> & Omit<TextProps, 'type'>) {
  const { field, fieldState } = useController({ control, name });
  const readOnly = useFormReadOnly();
  const value = field.value as number | undefined;
  return (
    <TextField
      {...props}
      disabled={disabled || readOnly}
      type="number"
      name={field.name}
      inputRef={field.ref}
      value={value === undefined || Number.isNaN(value) ? '' : value}
      onChange={(event) => field.onChange(event.target.value.trim() === '' ? Number.NaN : Number(event.target.value))}
      onBlur={field.onBlur}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}

export interface SelectOption {
  value: string | number;
  label: ReactNode;
}

/** A select bound to the form; the value keeps the option's type (number ids stay numbers). */
export function FormSelectField<T extends FieldValues>({
  control,
  name,
  options,
  helperText,
  disabled,
  ...props
}: BoundFieldProps<T> & TextProps & { options: readonly SelectOption[] }) {
  const { field, fieldState } = useController({ control, name });
  const readOnly = useFormReadOnly();
  return (
    <TextField
      {...props}
      disabled={disabled || readOnly}
      select
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(event) => {
        const option = options.find((candidate) => String(candidate.value) === event.target.value);
        field.onChange(option ? option.value : event.target.value);
      }}
      onBlur={field.onBlur}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A checkbox or switch bound to a boolean field; `inverted` ticks it when the field is false ('Ganztägig' of `timed`). */
export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  label,
  variant = 'checkbox',
  disabled,
  inverted = false,
  onChange,
}: BoundFieldProps<T> & {
  label: ReactNode;
  variant?: 'checkbox' | 'switch';
  disabled?: boolean;
  inverted?: boolean;
  /** Called with the new field value after the form took it. */
  onChange?(value: boolean): void;
}) {
  const { field } = useController({ control, name });
  const readOnly = useFormReadOnly();
  const props = {
    name: field.name,
    checked: Boolean(field.value) !== inverted,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.checked !== inverted;
      field.onChange(value);
      onChange?.(value);
    },
    onBlur: field.onBlur,
  };
  return (
    <FormControlLabel
      label={label}
      disabled={disabled || readOnly}
      control={variant === 'switch' ? <Switch {...props} /> : <Checkbox {...props} />}
    />
  );
}
