import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps } from './form-fields';
import { useFormReadOnly } from './form-read-only';

/** A radio group bound to a string field; the schema's German message shows under the options. */
export function FormRadioGroup<T extends FieldValues>({
  control,
  name,
  label,
  options,
}: BoundFieldProps<T> & { label?: string; options: readonly { value: string; label: ReactNode }[] }) {
  const { field, fieldState } = useController({ control, name });
  const readOnly = useFormReadOnly();
  const labelId = useId();
  return (
    <FormControl error={fieldState.error !== undefined} disabled={readOnly}>
      {label && <FormLabel id={labelId}>{label}</FormLabel>}
      <RadioGroup
        aria-labelledby={label ? labelId : undefined}
        name={field.name}
        value={(field.value as string | undefined) ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      >
        {options.map((option) => (
          <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
        ))}
      </RadioGroup>
      {fieldState.error?.message && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}
