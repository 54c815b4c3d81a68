import { useController, type FieldValues } from 'react-hook-form';
import type { UserParameter } from '@hortus/contract';
import type { BoundFieldProps } from '../forms/form-fields';
import { ParameterField, type ParameterValue } from './parameter-field';

/** A ParameterField bound to a form value ({wert, ids}); the schema's German message shows on it. */
export function FormParameterField<T extends FieldValues>({
  control,
  name,
  parameter,
  disabled,
}: BoundFieldProps<T> & { parameter: UserParameter; disabled?: boolean }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <ParameterField
      parameter={parameter}
      value={(field.value as ParameterValue | undefined) ?? { wert: '', ids: [] }}
      onChange={field.onChange}
      disabled={disabled}
      error={fieldState.error?.message ?? null}
    />
  );
}
