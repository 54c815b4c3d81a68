import { useState, type JSX } from 'react';
import { ConfirmDialog } from '../confirm/confirm-dialog';

export const discardTexts = {
  title: 'Änderungen verwerfen?',
  text: 'Die Änderungen sind noch nicht gespeichert.',
  confirm: 'Verwerfen',
  cancel: 'Weiter bearbeiten',
} as const;

/**
 * The dirty check of an edit dialog: `requestClose` closes at once when nothing changed, else asks
 * 'Änderungen verwerfen?' first. Render `confirmDialog` next to the dialog and route every way out
 * (Abbrechen, Escape, backdrop, close icon) through `requestClose`.
 */
export function useDiscardGuard(
  isDirty: boolean,
  onClose: () => void,
): { requestClose(): void; confirmDialog: JSX.Element } {
  const [isAsking, setAsking] = useState(false);
  const requestClose = () => (isDirty ? setAsking(true) : onClose());
  const confirmDialog = (
    <ConfirmDialog
      open={isAsking}
      title={discardTexts.title}
      text={discardTexts.text}
      confirmLabel={discardTexts.confirm}
      cancelLabel={discardTexts.cancel}
      onCancel={() => setAsking(false)}
      onConfirm={() => {
        setAsking(false);
        onClose();
      }}
    />
  );
  return { requestClose, confirmDialog };
}
