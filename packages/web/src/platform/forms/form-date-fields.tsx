import { useController, type FieldValues } from 'react-hook-form';
import { useFormReadOnly } from './form-read-only';
import { DateInput, DateTimeInput, MonthInput, TimeInput, type PickerInputProps } from './date-pickers';
import type { BoundFieldProps } from './form-fields';

type PickerProps = Omit<PickerInputProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name'> & {
  /** Called with the new value before the form takes it (the form still holds the old values). */
  onChange?(value: string): void;
  /** Called when the field is left, before the form validates it (changes made here are checked with it). */
  onBlur?(): void;
};

function useBoundPicker<T extends FieldValues>(
  { control, name }: BoundFieldProps<T>,
  { helperText, onChange, onBlur }: PickerProps,
) {
  const { field, fieldState } = useController({ control, name });
  const readOnly = useFormReadOnly();
  return {
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onChange: (value: string) => {
      onChange?.(value);
      field.onChange(value);
    },
    onBlur: () => {
      onBlur?.();
      field.onBlur();
    },
    error: fieldState.error !== undefined,
    ...(readOnly ? { disabled: true } : {}),
    helperText: fieldState.error?.message ?? helperText,
  };
}

/** A German date picker bound to a 'YYYY-MM-DD' field. Kept apart from form-fields so only forms with dates load the pickers. */
export function FormDateField<T extends FieldValues>({ control, name, ...props }: BoundFieldProps<T> & PickerProps) {
  return <DateInput {...props} {...useBoundPicker({ control, name }, props)} />;
}

/** A German month picker (MM.YYYY) bound to a 'YYYY-MM' field. */
export function FormMonthField<T extends FieldValues>({ control, name, ...props }: BoundFieldProps<T> & PickerProps) {
  return <MonthInput {...props} {...useBoundPicker({ control, name }, props)} />;
}

/** A 24 h time picker bound to an 'HH:mm' field. */
export function FormTimeField<T extends FieldValues>({ control, name, ...props }: BoundFieldProps<T> & PickerProps) {
  return <TimeInput {...props} {...useBoundPicker({ control, name }, props)} />;
}

/** A date-time picker bound to a 'YYYY-MM-DDTHH:mm' field. */
export function FormDateTimeField<T extends FieldValues>({
  control,
  name,
  ...props
}: BoundFieldProps<T> & PickerProps) {
  return <DateTimeInput {...props} {...useBoundPicker({ control, name }, props)} />;
}
