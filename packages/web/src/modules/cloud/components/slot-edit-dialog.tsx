import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { cloudMessages, type CloudConditions, type CloudSlotInput, type UserGroup } from '@hortus/contract';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useSaveCloud } from '../api/cloud-data';
import { impliedConditions, slotFormErrors } from '../logic/slot-form';

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
  const [slot, setSlot] = useState<CloudSlotInput>(initial);
  const [touched, setTouched] = useState(false);
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveCloud();
  const errors = slotFormErrors(slot);
  const isValid = errors.sort === null && errors.name === null;
  const conditions = slot.bedingungen.f130;
  const implied = impliedConditions(conditions);

  const submit = async () => {
    setTouched(true);
    if (!isValid) return;
    const result = await saveAction(() => save({ type: 'editslot', data: slot }), {
      success: cloudMessages.slotSaved,
      failure: cloudMessages.saveFailed,
    });
    if (result) onClose();
  };

  const setCondition = (name: keyof CloudConditions, value: CloudConditions[keyof CloudConditions]) =>
    setSlot({ ...slot, bedingungen: { f130: { ...conditions, [name]: value } } });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="cloud-slot-edit-title">
      <SubmitForm onSubmit={submit}>
        <DialogTitle id="cloud-slot-edit-title">{slot.id === 0 ? 'Neuer Slot' : 'Slot bearbeiten'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Sortierung"
              value={slot.sort}
              onChange={(event) => setSlot({ ...slot, sort: event.target.value })}
              error={touched && errors.sort !== null}
              helperText={touched ? errors.sort : null}
              required
            />
            <TextField
              label="Name"
              value={slot.name}
              onChange={(event) => setSlot({ ...slot, name: event.target.value })}
              error={touched && errors.name !== null}
              helperText={touched ? errors.name : null}
              required
              autoFocus
            />
            {(Object.keys(conditionLabels) as (keyof CloudConditions)[]).map((name) => (
              <ConditionEditor
                key={name}
                label={conditionLabels[name]}
                value={conditions[name]}
                groups={groups}
                onChange={(value) => setCondition(name, value)}
                implied={name === 'bearbeiten' ? undefined : implied[name]}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Abbrechen</Button>
          <Button type="submit" variant="contained" disabled={touched && !isValid}>
            Speichern
          </Button>
        </DialogActions>
      </SubmitForm>
    </Dialog>
  );
}
