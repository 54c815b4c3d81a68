import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { CONFIRM_DIALOG_WIDTH } from '../../../platform/confirm/confirm-dialog';

export interface PasswordDialogProps {
  /** The success message carrying the password; null closes the dialog. */
  message: string | null;
  onClose(): void;
}

/**
 * A message with a generated password stays until it is dismissed (a 4-second alert could vanish
 * before the password is written down).
 */
export function PasswordDialog({ message, onClose }: PasswordDialogProps) {
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      aria-labelledby="password-dialog-title"
      slotProps={{ paper: { sx: { width: CONFIRM_DIALOG_WIDTH, maxWidth: '100%' } } }}
    >
      <DialogTitle id="password-dialog-title">Passwort</DialogTitle>
      <DialogContent>
        <Alert severity="success" data-testid="password-alert" sx={{ userSelect: 'text', wordBreak: 'break-word' }}>
          {message}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
