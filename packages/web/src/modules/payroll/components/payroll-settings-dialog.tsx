import { useFieldArray, useWatch } from 'react-hook-form';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { z } from 'zod';
import { messages } from '@hortus/contract';
import {
  bavarianRegions,
  federalStates,
  payrollMessages,
  payrollSettings,
  type PayrollModuleData,
} from '@hortus/contract/modules/payroll';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormCheckbox, FormNumberField, FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSavePayrollData } from '../api/payroll';

const settingsForm = z.object({ settings: payrollSettings });
type SettingsForm = z.input<typeof settingsForm>;

/**
 * Wage groups (id, name, hourly wage, DATEV Lohnart), the federal state whose public holidays are prefilled
 * and the payroll office's DATEV numbers for the LODAS export.
 */
export function PayrollSettingsDialog({
  settings,
  onClose,
}: {
  settings: PayrollModuleData['settings'];
  onClose(): void;
}) {
  const form = useSchemaForm(settingsForm, { settings } as SettingsForm, { mode: 'onChange' });
  const { control } = form;
  const groups = useFieldArray({ control, name: 'settings.lohngruppen' });
  const state = useWatch({ control, name: 'settings.bundesland' });
  const { mutateAsync: save } = useSavePayrollData();
  const nextId = () => Math.max(0, ...form.getValues('settings.lohngruppen').map((group) => group.id)) + 1;
  return (
    <FormDialog
      form={form}
      title="Einstellungen Mitarbeiter"
      onSubmit={(data) => save({ type: 'saveSettings', data })}
      onClose={onClose}
      texts={{ success: messages.settingsSaved, failure: payrollMessages.saveFailed }}
      serverErrorPrefix="dataToSave.data."
      saveOnlyWhenChanged
      width={640}
    >
      <FormCheckbox
        control={control}
        name="settings.dataOffline"
        variant="switch"
        label="Daten offline auf dem Gerät speichern"
      />
      <Typography variant="subtitle2">Feiertage</Typography>
      <FormSelectField
        control={control}
        name="settings.bundesland"
        label="Bundesland"
        options={Object.entries(federalStates).map(([value, label]) => ({ value, label }))}
        helperText="Gesetzliche Feiertage dieses Bundeslandes werden in neuen Abrechnungen als Feiertag eingetragen."
      />
      {state === 'BY' && (
        <FormSelectField
          control={control}
          name="settings.region"
          label="Region in Bayern"
          options={Object.entries(bavarianRegions).map(([value, label]) => ({ value, label }))}
        />
      )}
      <Typography variant="subtitle2">Lohnbüro (DATEV LODAS)</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <FormTextField
          control={control}
          name="settings.datev.beraternummer"
          label="Beraternummer"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          fullWidth
        />
        <FormTextField
          control={control}
          name="settings.datev.mandantennummer"
          label="Mandantennummer"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          fullWidth
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Für den Export der Stunden an das Lohnbüro; die DATEV-Lohnart je Lohngruppe nennt das Lohnbüro.
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          Lohngruppen
        </Typography>
        <Button startIcon={<AddIcon />} onClick={() => groups.append({ id: nextId(), name: '', wert: 0, lohnart: '' })}>
          Lohngruppe
        </Button>
      </Stack>
      {groups.fields.length === 0 && <Typography color="text.secondary">Noch keine Lohngruppen angelegt.</Typography>}
      {groups.fields.map((field, index) => (
        <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormTextField control={control} name={`settings.lohngruppen.${index}.name`} label="Name" fullWidth />
          <FormNumberField
            control={control}
            name={`settings.lohngruppen.${index}.wert`}
            label="Stundenlohn (€)"
            slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
            sx={{ maxWidth: 160 }}
          />
          <FormTextField
            control={control}
            name={`settings.lohngruppen.${index}.lohnart`}
            label="DATEV-Lohnart"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ maxWidth: 140 }}
          />
          <IconButton aria-label="Lohngruppe entfernen" onClick={() => groups.remove(index)}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
    </FormDialog>
  );
}
