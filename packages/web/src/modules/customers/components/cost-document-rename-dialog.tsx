import { costDocumentRenameInput, customerMessages, type CostDocumentView } from '@hortus/contract/modules/customers';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useRenameCostDocument } from '../api/costs';
import { CLOSE_DELAY_MS } from '../logic/close-delay';

export interface CostDocumentRenameDialogProps {
  costId: number;
  document: CostDocumentView;
  onClose(): void;
}

/**
 * The title of a cost document (kostenEditDokument): the contract's name rule, 'Titel speichern' only
 * while the title is changed and valid, the server's message on the field.
 */
export function CostDocumentRenameDialog({ costId, document, onClose }: CostDocumentRenameDialogProps) {
  const form = useSchemaForm(costDocumentRenameInput, { id: document.id, name: document.name }, { mode: 'onChange' });
  const { mutateAsync: rename } = useRenameCostDocument();
  return (
    <FormDialog
      form={form}
      title="Dokument bearbeiten"
      submitLabel="Titel speichern"
      saveOnlyWhenChanged
      closeDelayMs={CLOSE_DELAY_MS}
      texts={{ failure: customerMessages.saveFailed }}
      onSubmit={(values) => rename({ costId, id: values.id, name: values.name })}
      onClose={onClose}
    >
      <FormTextField control={form.control} name="name" label="Titel des Dokuments" />
    </FormDialog>
  );
}
