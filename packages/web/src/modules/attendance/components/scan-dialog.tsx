import { useCallback, useRef } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { attendanceMessages } from '@hortus/contract';
import { QrCamera } from '../../../platform/scan/qr-camera';

/** Camera view that reports the first QR code it reads; the caller checks and sends it. */
export function ScanDialog({ onClose, onScanned }: { onClose(): void; onScanned(text: string): void }) {
  const reported = useRef(false);
  const onRead = useCallback(
    (text: string) => {
      if (reported.current) return;
      reported.current = true;
      onScanned(text);
    },
    [onScanned],
  );
  return (
    <Dialog open onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 500 } } }}>
      <DialogTitle>QR-Code scannen</DialogTitle>
      <DialogContent>
        <QrCamera onScanned={onRead} cameraFailedText={attendanceMessages.cameraFailed} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Abbrechen</Button>
      </DialogActions>
    </Dialog>
  );
}
