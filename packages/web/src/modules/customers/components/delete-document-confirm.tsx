import { customerMessages } from '@hortus/contract/modules/customers';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { useSaveAction } from '../../../platform/saving/use-save-action';

/** 'Dokument löschen?' for an order's or a cost's document; runs the delete under the saving overlay. */
export function DeleteDocumentConfirm<D>({
  document,
  onClose,
  remove,
}: {
  document: D | null;
  onClose(): void;
  remove(document: D): Promise<unknown>;
}) {
  const saveAction = useSaveAction();
  return (
    <ConfirmDialog
      open={document !== null}
      title="Dokument löschen?"
      text={customerMessages.deleteDocument}
      confirmLabel="Löschen"
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        if (document !== null)
          void saveAction(() => remove(document), {
            success: 'Das Dokument wurde gelöscht.',
            failure: customerMessages.saveFailed,
          });
      }}
    />
  );
}
