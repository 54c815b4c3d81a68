import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { isIsoDate } from '@hortus/contract';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { nameError } from '../logic/attendance-view';

export interface PollDraft {
  id: number;
  datum: string;
  titel: string;
  beschreibung: string;
  gaeste: string;
  geschlossen: boolean;
}

/** Edit or create a poll (id 0 = new); save stays disabled while the title or date is invalid. */
export function PollEditDialog({
  draft,
  canClose,
  onCancel,
  onSave,
}: {
  draft: PollDraft;
  canClose: boolean;
  onCancel(): void;
  onSave(value: PollDraft): void;
}) {
  const [value, setValue] = useState(draft);
  const titleError = nameError(value.titel);
  const dateError = isIsoDate(value.datum) ? null : 'Bitte angeben.';
  const isValid = titleError === null && dateError === null;
  return (
    <Dialog open onClose={onCancel} fullWidth slotProps={{ paper: { sx: { maxWidth: 500 } } }}>
      <SubmitForm onSubmit={() => isValid && onSave(value)}>
        <DialogTitle>{draft.id === 0 ? 'Neue Anwesenheit' : 'Anwesenheit bearbeiten'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Datum"
              type="date"
              value={value.datum}
              onChange={(event) => setValue({ ...value, datum: event.target.value })}
              error={dateError !== null}
              helperText={dateError ?? ' '}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Titel"
              value={value.titel}
              onChange={(event) => setValue({ ...value, titel: event.target.value })}
              error={titleError !== null}
              helperText={titleError ?? ' '}
              autoFocus
            />
            <TextField
              label="Beschreibung"
              value={value.beschreibung}
              onChange={(event) => setValue({ ...value, beschreibung: event.target.value })}
              multiline
              minRows={2}
            />
            <TextField
              label="Gäste"
              value={value.gaeste}
              onChange={(event) => setValue({ ...value, gaeste: event.target.value })}
              multiline
              minRows={2}
            />
            {canClose && (
              <FormControlLabel
                control={
                  <Switch
                    checked={value.geschlossen}
                    onChange={(event) => setValue({ ...value, geschlossen: event.target.checked })}
                  />
                }
                label="Geschlossen"
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
