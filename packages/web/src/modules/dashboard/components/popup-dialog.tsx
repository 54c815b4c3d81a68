import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Meldung } from '@hortus/contract';
import { TypeIcon } from './type-icon';

/** A popup message, shown once per user; closing it records that it was seen. */
export function PopupDialog({ meldung, onClose }: { meldung: Meldung; onClose(): void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="popup-title">
      <DialogTitle id="popup-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <TypeIcon typ={meldung.typ} /> {meldung.titel}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ whiteSpace: 'pre-line' }}>{meldung.text}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
