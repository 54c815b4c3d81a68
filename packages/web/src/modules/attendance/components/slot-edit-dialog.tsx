import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { conditionKeys, type SlotConditions, type UserGroup } from '@hortus/contract';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { nameError } from '../logic/attendance-view';

export const conditionLabels: Record<(typeof conditionKeys)[number], string> = {
  pruefling: 'Erfasste Personen (Prüflinge)',
  sehen: 'Anwesenheiten und Übersicht sehen',
  anwhinzufuegen: 'Anwesenheiten hinzufügen',
  anwbearbeiten: 'Anwesenheiten bearbeiten, schließen und löschen',
  bearbeiten: 'Slot verwalten',
};

export interface SlotDraft {
  id: number;
  sort: string;
  name: string;
  conditions: SlotConditions;
}

/** Edit or create a slot (id 0 = new): sort prefix, name, the five conditions, renewing the QR code. */
export function SlotEditDialog({
  draft,
  groups,
  onCancel,
  onSave,
}: {
  draft: SlotDraft;
  groups: readonly UserGroup[];
  onCancel(): void;
  onSave(value: SlotDraft & { renewQr: boolean }): void;
}) {
  const [sort, setSort] = useState(draft.sort);
  const [name, setName] = useState(draft.name);
  const [conditions, setConditions] = useState(draft.conditions);
  const [renewQr, setRenewQr] = useState(false);
  const sortError = nameError(sort);
  const nameMessage = nameError(name);
  const isValid = sortError === null && nameMessage === null;
  return (
    <Dialog open onClose={onCancel} fullWidth slotProps={{ paper: { sx: { maxWidth: 800 } } }}>
      <SubmitForm onSubmit={() => isValid && onSave({ id: draft.id, sort, name, conditions, renewQr })}>
        <DialogTitle>{draft.id === 0 ? 'Neuer Slot' : 'Slot bearbeiten'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction="row" spacing={2}>
              <TextField
                label="Sortierung"
                value={sort}
                onChange={(event) => setSort(event.target.value)}
                error={sortError !== null}
                helperText={sortError ?? ' '}
                sx={{ width: 160 }}
              />
              <TextField
                label="Name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={nameMessage !== null}
                helperText={nameMessage ?? ' '}
                fullWidth
                autoFocus
              />
            </Stack>
            {conditionKeys.map((key) => (
              <ConditionEditor
                key={key}
                label={conditionLabels[key]}
                value={conditions[key]}
                groups={groups}
                onChange={(value) => setConditions({ ...conditions, [key]: value })}
              />
            ))}
            {draft.id !== 0 && (
              <FormControlLabel
                control={<Checkbox checked={renewQr} onChange={(event) => setRenewQr(event.target.checked)} />}
                label="QR-Code erneuern (bisherige QR-Codes werden ungültig)"
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Abbrechen</Button>
          <Button type="submit" variant="contained" disabled={!isValid}>
            Speichern
          </Button>
        </DialogActions>
      </SubmitForm>
    </Dialog>
  );
}
