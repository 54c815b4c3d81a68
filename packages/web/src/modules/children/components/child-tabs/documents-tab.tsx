import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@hortus/contract';
import { childrenCalls, childrenMessages, type ChildView } from '@hortus/contract/modules/children';
import { uploadRule } from '../../../../platform/api/upload';
import { FilePickerButton } from '../../../../platform/forms/file-picker-button';
import { useSaveAction } from '../../../../platform/saving/use-save-action';
import { StoredFileLink } from './stored-file-link';
import { childrenKeys, deleteDocument, uploadDocument } from '../../api/children';

/** 'Dokumente': the child's PDFs and images; readers may download, editors upload and delete right away. */
export function DocumentsTab({ child, disabled }: { child: ChildView; disabled: boolean }) {
  const saveAction = useSaveAction();
  const queryClient = useQueryClient();
  const [documents, setDocuments] = useState(child.dokumente);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: childrenKeys.all }),
      queryClient.invalidateQueries({ queryKey: childrenKeys.details }),
    ]);
  const add = async (file: File) => {
    const added = await saveAction(() => uploadDocument(child.id, file), {
      success: messages.dataSaved,
      failure: childrenMessages.saveFailed,
    });
    if (added) {
      setDocuments([...documents, added]);
      void refresh();
    }
  };
  const remove = async (id: number) => {
    const done = await saveAction(() => deleteDocument(id).then(() => true), {
      failure: childrenMessages.saveFailed,
    });
    if (done) {
      setDocuments(documents.filter((d) => d.id !== id));
      void refresh();
    }
  };
  return (
    <Stack spacing={1}>
      {documents.length === 0 && <Typography color="text.secondary">{childrenMessages.noDocuments}</Typography>}
      {documents.map((doc) => (
        <StoredFileLink key={doc.id} file={doc} onRemove={disabled ? undefined : () => void remove(doc.id)} />
      ))}
      {!disabled && (
        <FilePickerButton
          label="Dokument hochladen"
          variant="outlined"
          startIcon={<AddIcon />}
          rule={uploadRule(childrenCalls.uploadDokument, 'file')}
          onFiles={([file]) => file && void add(file)}
        />
      )}
    </Stack>
  );
}
