import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Meldung } from '@hortus/contract/modules/dashboard';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { TypeIcon } from './type-icon';

/** A popup message, shown once per user; closing it (OK, Escape, Back) records that it was seen. */
export function PopupDialog({ meldung, onClose }: { meldung: Meldung; onClose(): void }) {
  return (
    <DialogShell
      title={
        <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
          <TypeIcon typ={meldung.typ} /> <span>{meldung.titel}</span>
        </Stack>
      }
      onClose={onClose}
      closeLabel={null}
      actions={
        <Button onClick={onClose} variant="contained">
          OK
        </Button>
      }
    >
      <Typography sx={{ whiteSpace: 'pre-line' }}>{meldung.text}</Typography>
    </DialogShell>
  );
}
