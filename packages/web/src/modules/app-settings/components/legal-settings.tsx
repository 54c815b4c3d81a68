import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { accessibilityStateLabels, accessibilityStates, publicPages } from '@hortus/contract';
import type { AppSettingsState } from '@hortus/contract/modules/app-settings';
import { FormDateField } from '../../../platform/forms/form-date-fields';
import { FormSelectField, FormTextField } from '../../../platform/forms/form-fields';

type Control001 = Control<AppSettingsState, unknown, unknown>;

const stateOptions = accessibilityStates.map((state) => ({ value: state, label: accessibilityStateLabels[state] }));

/** A contact's four fields (the responsible organisation or the data protection officer); all optional. */
export function ContactFields({
  control,
  name,
}: {
  control: Control001;
  name: 'verantwortlicher' | 'datenschutzbeauftragter';
}) {
  return (
    <Stack spacing={2.5}>
      <FormTextField control={control} name={`${name}.name`} label="Name" fullWidth />
      <FormTextField control={control} name={`${name}.anschrift`} label="Anschrift" multiline minRows={2} fullWidth />
      <FormTextField control={control} name={`${name}.email`} label="E-Mail" type="email" fullWidth />
      <FormTextField control={control} name={`${name}.telefon`} label="Telefon" type="tel" fullWidth />
    </Stack>
  );
}

/** The accessibility statement's fields (shown on the public page /barrierefreiheit). */
export function AccessibilityStatementFields({ control }: { control: Control001 }) {
  return (
    <Stack spacing={2.5}>
      <Typography variant="body2" color="text.secondary">
        Erscheint öffentlich unter {publicPages.barrierefreiheit.path} (Erklärung zur Barrierefreiheit nach BITV 2.0).
      </Typography>
      <FormSelectField
        control={control}
        name="barrierefreiheit.stand"
        label="Stand der Vereinbarkeit"
        options={stateOptions}
        fullWidth
      />
      <FormTextField
        control={control}
        name="barrierefreiheit.einschraenkungen"
        label="Nicht barrierefreie Inhalte"
        multiline
        minRows={3}
        fullWidth
      />
      <FormTextField
        control={control}
        name="barrierefreiheit.kontaktEmail"
        label="E-Mail für Rückmeldungen"
        helperText="Leer: die E-Mail des Verantwortlichen"
        type="email"
        fullWidth
      />
      <FormDateField control={control} name="barrierefreiheit.datum" label="Datum der Erklärung" />
      <FormTextField
        control={control}
        name="barrierefreiheit.schlichtungsstelle"
        label="Schlichtungsstelle"
        fullWidth
      />
      <FormTextField
        control={control}
        name="barrierefreiheit.schlichtungsstelleUrl"
        label="Adresse der Schlichtungsstelle (URL)"
        fullWidth
      />
    </Stack>
  );
}
