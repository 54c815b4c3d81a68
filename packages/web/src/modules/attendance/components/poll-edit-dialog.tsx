import { attendanceMessages, pollInput } from '@hortus/contract/modules/attendance';
import { FormDateField } from '../../../platform/forms/form-date-fields';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormCheckbox, FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSaveAttendance } from '../api/attendance';
import { CLOSE_DELAY_MS } from '../logic/close-delay';

/** The poll fields the dialog edits; statuses are changed on the poll card. */
const pollForm = pollInput.omit({ prueflinge: true });

export interface PollDraft {
  id: number;
  datum: string;
  titel: string;
  beschreibung: string;
  gaeste: string;
  geschlossen: boolean;
}

/** Edit or create a poll (id 0 = new) of a slot; 'Geschlossen' only for poll managers. */
export function PollEditDialog({
  draft,
  slotId,
  canClose,
  onClose,
}: {
  draft: PollDraft;
  slotId: number;
  canClose: boolean;
  onClose(): void;
}) {
  const form = useSchemaForm(pollForm, { ...draft, id_slot: slotId }, { mode: 'onChange' });
  const { mutateAsync: save } = useSaveAttendance();
  return (
    <FormDialog
      form={form}
      title={draft.id === 0 ? 'Neue Anwesenheit' : 'Anwesenheit bearbeiten'}
      onSubmit={(data) => save({ type: 'editanw', data })}
      onClose={onClose}
      texts={{ success: attendanceMessages.dataSaved, failure: attendanceMessages.saveFailed }}
      serverErrorPrefix="dataToSave.data."
      closeDelayMs={CLOSE_DELAY_MS}
      width={500}
      // school.md: save is disabled while the form is invalid (the title is required).
      saveOnlyWhenValid
    >
      <FormDateField control={form.control} name="datum" label="Datum" helperText=" " />
      <FormTextField control={form.control} name="titel" label="Titel" helperText=" " autoFocus />
      <FormTextField control={form.control} name="beschreibung" label="Beschreibung" multiline minRows={2} />
      <FormTextField control={form.control} name="gaeste" label="Gäste" multiline minRows={2} />
      {canClose && <FormCheckbox control={form.control} name="geschlossen" label="Geschlossen" variant="switch" />}
    </FormDialog>
  );
}
