import type { UserGroup } from '@hortus/contract';
import {
  cloudMessages,
  cloudSlotInput,
  type CloudConditions,
  type CloudSlotInput,
} from '@hortus/contract/modules/cloud';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSaveCloud } from '../api/cloud-data';
import { CLOSE_DELAY_MS } from '../logic/close-delay';
import { impliedConditions } from '../logic/slot-form';

export interface SlotEditDialogProps {
  initial: CloudSlotInput;
  groups: readonly UserGroup[];
  onClose(): void;
}

const conditionLabels: Record<keyof CloudConditions, string> = {
  sehen: 'Sehen',
  upload: 'Hochladen',
  bearbeiten: 'Bearbeiten (Slot-Admin)',
};

/** Edit slot (id 0 = new): sort prefix, name and the conditions sehen / upload / bearbeiten. */
export function SlotEditDialog({ initial, groups, onClose }: SlotEditDialogProps) {
  const form = useSchemaForm(cloudSlotInput, initial);
  const { mutateAsync: save } = useSaveCloud();
  const conditions = form.watch('bedingungen.f130');
  const implied = impliedConditions(conditions);

  return (
    <FormDialog
      form={form}
      title={initial.id === 0 ? 'Neuer Slot' : 'Slot bearbeiten'}
      onSubmit={(data) => save({ type: 'editslot', data })}
      onClose={onClose}
      texts={{ success: cloudMessages.slotSaved, failure: cloudMessages.saveFailed }}
      serverErrorPrefix="dataToSave.data."
      closeDelayMs={CLOSE_DELAY_MS}
    >
      <FormTextField control={form.control} name="sort" label="Sortierung" required />
      <FormTextField control={form.control} name="name" label="Name" required autoFocus />
      {(Object.keys(conditionLabels) as (keyof CloudConditions)[]).map((name) => (
        <ConditionEditor
          key={name}
          label={conditionLabels[name]}
          value={conditions[name]}
          groups={groups}
          onChange={(value) => form.setValue(`bedingungen.f130.${name}`, value, { shouldDirty: true })}
          implied={name === 'bearbeiten' ? undefined : implied[name]}
        />
      ))}
    </FormDialog>
  );
}
