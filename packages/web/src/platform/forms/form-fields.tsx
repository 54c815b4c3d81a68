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
  /** Shown but not choosable (a weekday another row has). */
  disabled?: boolean;
}

/** A select's field and the TextField props every bound select shares (read-only, name, ref, blur, error). */
function useBoundSelect<T extends FieldValues>(
  { control, name }: BoundFieldProps<T>,
  disabled: boolean | undefined,
  helperText: ReactNode,
) {
  const { field, fieldState } = useController({ control, name });
  const readOnly = useFormReadOnly();
  return {
    field,
    bound: {
      disabled: disabled || readOnly,
      select: true,
      name: field.name,
      inputRef: field.ref,
      onBlur: field.onBlur,
      error: fieldState.error !== undefined,
      helperText: fieldState.error?.message ?? helperText,
    },
  };
}

/** The menu items of a select's options (values as text, as MUI's select keeps them). */
function optionItems(options: readonly SelectOption[]) {
  return options.map((option) => (
    <MenuItem key={option.value} value={String(option.value)} disabled={option.disabled}>
      {option.label}
    </MenuItem>
  ));
}

/**
 * A select bound to the form; the value keeps the option's type (number ids stay numbers). A field that is
 * no option value (a boolean 'junge') maps with `fromField` (field → option value) and `toField`.
 */
export function FormSelectField<T extends FieldValues>({
  control,
  name,
  options,
  helperText,
  disabled,
  fromField,
  toField,
  ...props
}: BoundFieldProps<T> &
  TextProps & {
    options: readonly SelectOption[];
    fromField?(value: unknown): string | number;
    toField?(value: string | number): unknown;
  }) {
  const { field, bound } = useBoundSelect({ control, name }, disabled, helperText);
  const shown = fromField ? fromField(field.value) : (field.value as string | number | undefined);
  return (
    <TextField
      {...props}
      {...bound}
      value={shown ?? ''}
      onChange={(event) => {
        const option = options.find((candidate) => String(candidate.value) === event.target.value);
        const value = option ? option.value : event.target.value;
        field.onChange(toField ? toField(value) : value);
      }}
    >
      {optionItems(options)}
    </TextField>
  );
}

/**
 * A select of several options bound to an array field (allergens of a dish): the chosen options' labels
 * show in the field, separated by commas; the array keeps the options' order.
 */
export function FormMultiSelectField<T extends FieldValues>({
  control,
  name,
  options,
  helperText,
  disabled,
  ...props
}: BoundFieldProps<T> & TextProps & { options: readonly SelectOption[] }) {
  const { field, bound } = useBoundSelect({ control, name }, disabled, helperText);
  const chosen = ((field.value as readonly (string | number)[] | undefined) ?? []).map(String);
  const labelOf = new Map(options.map((option) => [String(option.value), option.label]));
  return (
    <TextField
      {...props}
      {...bound}
      value={chosen}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) =>
            (selected as string[])
              .map((value) => {
                const label = labelOf.get(value);
                return typeof label === 'string' ? label : value;
              })
              .join(', '),
        },
      }}
      onChange={(event) => {
        const picked = new Set(event.target.value as unknown as string[]);
        field.onChange(options.filter((option) => picked.has(String(option.value))).map((option) => option.value));
      }}
    >
      {optionItems(options)}
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
