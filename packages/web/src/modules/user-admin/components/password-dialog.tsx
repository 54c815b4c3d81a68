import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { userAdminMessages } from '@hortus/contract/modules/user-admin';
import { CONFIRM_DIALOG_WIDTH } from '../../../platform/confirm/confirm-dialog';
import { DialogShell } from '../../../platform/forms/dialog-shell';

/** A success message carrying a generated password, and the password itself (for the copy button). */
export interface PasswordNotice {
  message: string;
  password: string;
}

export interface PasswordDialogProps {
  /** null closes the dialog. */
  notice: PasswordNotice | null;
  onClose(): void;
}

/**
 * A message with a generated password stays until it is dismissed (a 4-second alert could vanish
 * before the password is written down); a button copies the password to the clipboard.
 */
export function PasswordDialog({ notice, onClose }: PasswordDialogProps) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => setCopyState('idle'), [notice]);

  const copy = async () => {
    if (!notice) return;
    try {
      await navigator.clipboard.writeText(notice.password);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };

  if (notice === null) return null;
  return (
    <DialogShell
      title="Passwort"
      onClose={onClose}
      width={CONFIRM_DIALOG_WIDTH}
      closeLabel={null}
      actions={
        <>
          <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            Passwort kopieren
          </Button>
          <Button onClick={onClose} variant="contained">
            OK
          </Button>
        </>
      }
    >
      <Alert severity="success" data-testid="password-alert" sx={{ userSelect: 'text', wordBreak: 'break-word' }}>
        {notice.message}
      </Alert>
      <Typography role="status" variant="body2" color={copyState === 'failed' ? 'error' : 'success'} sx={{ mt: 1 }}>
        {copyState === 'copied' && userAdminMessages.passwordCopied}
        {copyState === 'failed' && userAdminMessages.copyFailed}
      </Typography>
    </DialogShell>
  );
}
