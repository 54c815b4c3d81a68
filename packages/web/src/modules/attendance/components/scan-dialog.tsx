import { useCallback, useRef } from 'react';
import { attendanceMessages } from '@hortus/contract/modules/attendance';
import { QrCamera } from '../../../platform/scan/qr-camera';
import { DialogShell } from '../../../platform/forms/dialog-shell';

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
    <DialogShell title="QR-Code scannen" onClose={onClose} width={500} closeLabel="Abbrechen">
      <QrCamera onScanned={onRead} cameraFailedText={attendanceMessages.cameraFailed} />
    </DialogShell>
  );
}
