import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { childrenMessages, statisticsMessages } from '@hortus/contract/modules/children';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useCreateEvaluation, useSaveDay } from '../api/statistics';
import { DialogShell } from '../../../platform/forms/dialog-shell';

/** The archived evaluations (f200-200): download or delete each. */
export function ArchiveDialog({ day, names, onClose }: { day: string; names: readonly string[]; onClose(): void }) {
  const saveAction = useSaveAction();
  const { mutateAsync: create } = useCreateEvaluation();
  const { mutateAsync: saveDay } = useSaveDay();
  const [deleting, setDeleting] = useState<string | null>(null);
  const download = (name: string) =>
    void saveAction(() => create({ typ: name, wert: '' }), { failure: statisticsMessages.fileFailed });
  const remove = (name: string) => {
    setDeleting(null);
    void saveAction(() => saveDay({ tag: day, delDokument: name }), { failure: childrenMessages.saveFailed });
  };
  return (
    <DialogShell title="Archiv" onClose={onClose} width={500}>
      {names.length === 0 ? (
        <Typography>{statisticsMessages.noArchive}</Typography>
      ) : (
        <List dense aria-label="Archivierte Auswertungen">
          {names.map((name) => (
            <ListItem
              key={name}
              secondaryAction={
                <>
                  <IconButton aria-label={`${name} herunterladen`} onClick={() => download(name)}>
                    <DownloadIcon />
                  </IconButton>
                  <IconButton aria-label={`${name} löschen`} onClick={() => setDeleting(name)}>
                    <DeleteIcon />
                  </IconButton>
                </>
              }
            >
              <ListItemText primary={name} />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={deleting !== null}
        text={`${deleting ?? ''} aus dem Archiv löschen?`}
        confirmLabel="Löschen"
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </DialogShell>
  );
}
