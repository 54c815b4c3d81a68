import Stack from '@mui/material/Stack';
import type { Control } from 'react-hook-form';
import { FormTimeField } from '../../../platform/forms/form-date-fields';
import type { OwnDataForm } from '../own-data-form';

/** From – to of the quiet hours (24 h, Berlin time); loaded only when they are switched on (the pickers' chunk). */
export function QuietHoursFields({ control }: { control: Control<OwnDataForm> }) {
  return (
    <Stack direction="row" spacing={2} data-testid="quiet-hours">
      <FormTimeField control={control} name="ruhezeiten.von" label="Von" />
      <FormTimeField control={control} name="ruhezeiten.bis" label="Bis" />
    </Stack>
  );
}
