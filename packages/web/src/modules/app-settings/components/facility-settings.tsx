import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import type { AppSettingsState } from '@hortus/contract/modules/app-settings';
import { FormTextField } from '../../../platform/forms/form-fields';

type Control001 = Control<AppSettingsState, unknown, unknown>;

const pair = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '3fr 1fr' } } as const;
const town = { ...pair, gridTemplateColumns: { xs: '1fr', sm: '1fr 3fr' } } as const;

/**
 * The facility (issue 47): name, address, phone, e-mail and opening hours, shown on the login screen
 * ('Kontakt und Öffnungszeiten'), on the parents' 'Kontakt' tab and as the invoice sender's address.
 */
export function FacilityFields({ control }: { control: Control001 }) {
  return (
    <Stack spacing={2.5} data-testid="facility-settings">
      <Typography variant="body2" color="text.secondary">
        Erscheint auf dem Loginbildschirm unter „Kontakt und Öffnungszeiten“, bei den Eltern unter „Kontakt“ und als
        Absender auf Rechnungen, solange dort keine eigene Anschrift eingetragen ist.
      </Typography>
      <FormTextField control={control} name="einrichtung.name" label="Name" fullWidth />
      <Box sx={pair}>
        <FormTextField control={control} name="einrichtung.strasse" label="Straße" fullWidth />
        <FormTextField control={control} name="einrichtung.hausnummer" label="Hausnummer" fullWidth />
      </Box>
      <Box sx={town}>
        <FormTextField
          control={control}
          name="einrichtung.plz"
          label="PLZ"
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField control={control} name="einrichtung.ort" label="Ort" fullWidth />
      </Box>
      <FormTextField control={control} name="einrichtung.telefon" label="Telefon" type="tel" fullWidth />
      <FormTextField control={control} name="einrichtung.email" label="E-Mail" type="email" fullWidth />
      <FormTextField
        control={control}
        name="einrichtung.oeffnungszeiten"
        label="Öffnungszeiten"
        helperText="Eine Zeile je Angabe, z. B. „Montag bis Freitag 11:30 – 17:00 Uhr“"
        multiline
        minRows={3}
        fullWidth
      />
    </Stack>
  );
}
