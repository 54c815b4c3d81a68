import Stack from '@mui/material/Stack';
import type { UserGroup } from '@hortus/contract';
import { attendanceMessages, conditionKeys, slotInput, type SlotInput } from '@hortus/contract/modules/attendance';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormCheckbox, FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSaveAttendance } from '../api/attendance';
import { CLOSE_DELAY_MS } from '../logic/close-delay';

export const conditionLabels: Record<(typeof conditionKeys)[number], string> = {
  pruefling: 'Erfasste Personen (Prüflinge)',
  sehen: 'Anwesenheiten und Übersicht sehen',
  anwhinzufuegen: 'Anwesenheiten hinzufügen',
  anwbearbeiten: 'Anwesenheiten bearbeiten, schließen und löschen',
  bearbeiten: 'Slot verwalten',
};

/** Edit or create a slot (id 0 = new): sort prefix, name, the five conditions, renewing the QR code. */
export function SlotEditDialog({
  initial,
  groups,
  onClose,
}: {
  initial: SlotInput;
  groups: readonly UserGroup[];
  onClose(): void;
}) {
  const form = useSchemaForm(slotInput, { neuerQrCode: false, ...initial });
  const { mutateAsync: save } = useSaveAttendance();
  const conditions = form.watch('bedingungen.f150');
  return (
    <FormDialog
      form={form}
      title={initial.id === 0 ? 'Neuer Slot' : 'Slot bearbeiten'}
      onSubmit={(data) => save({ type: 'editslot', data })}
      onClose={onClose}
      texts={{ success: attendanceMessages.dataSaved, failure: attendanceMessages.saveFailed }}
      serverErrorPrefix="dataToSave.data."
      closeDelayMs={CLOSE_DELAY_MS}
      width={800}
    >
      <Stack direction="row" spacing={2}>
        <FormTextField control={form.control} name="sort" label="Sortierung" helperText=" " sx={{ width: 160 }} />
        <FormTextField control={form.control} name="name" label="Name" helperText=" " fullWidth autoFocus />
      </Stack>
      {conditionKeys.map((key) => (
        <ConditionEditor
          key={key}
          label={conditionLabels[key]}
          value={conditions[key]}
          groups={groups}
          onChange={(value) => form.setValue(`bedingungen.f150.${key}`, value, { shouldDirty: true })}
        />
      ))}
      {initial.id !== 0 && (
        <FormCheckbox
          control={form.control}
          name="neuerQrCode"
          label="QR-Code erneuern (bisherige QR-Codes werden ungültig)"
        />
      )}
    </FormDialog>
  );
}
