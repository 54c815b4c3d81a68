import { useController, type FieldValues } from 'react-hook-form';
import { DateInput, DateTimeInput, TimeInput, type PickerInputProps } from './date-pickers';
import type { BoundFieldProps } from './form-fields';

type PickerProps = Omit<PickerInputProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name'>;

function useBoundPicker<T extends FieldValues>(
  { control, name }: BoundFieldProps<T>,
  helperText: PickerProps['helperText'],
) {
  const { field, fieldState } = useController({ control, name });
  return {
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    error: fieldState.error !== undefined,
    helperText: fieldState.error?.message ?? helperText,
  };
}

/** A German date picker bound to a 'YYYY-MM-DD' field. Kept apart from form-fields so only forms with dates load the pickers. */
export function FormDateField<T extends FieldValues>({ control, name, ...props }: BoundFieldProps<T> & PickerProps) {
  return <DateInput {...props} {...useBoundPicker({ control, name }, props.helperText)} />;
}

/** A 24 h time picker bound to an 'HH:mm' field. */
export function FormTimeField<T extends FieldValues>({ control, name, ...props }: BoundFieldProps<T> & PickerProps) {
  return <TimeInput {...props} {...useBoundPicker({ control, name }, props.helperText)} />;
}

/** A date-time picker bound to a 'YYYY-MM-DDTHH:mm' field. */
export function FormDateTimeField<T extends FieldValues>({
  control,
  name,
  ...props
}: BoundFieldProps<T> & PickerProps) {
  return <DateTimeInput {...props} {...useBoundPicker({ control, name }, props.helperText)} />;
}
