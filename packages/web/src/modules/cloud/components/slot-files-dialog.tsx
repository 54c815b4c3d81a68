import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/Image';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import UploadIcon from '@mui/icons-material/Upload';
import { cloudMessages, type CloudFile, type CloudSlot } from '@hortus/contract/modules/cloud';
import { useAlert } from '../../../platform/alert/alert-context';
import { ApiError } from '../../../platform/api/errors';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { downloadStoredFile } from '../../../platform/api/download';
import { deleteCloudFiles } from '../api/files';
import { UploadDialog } from './upload-dialog';

export interface SlotFilesDialogProps {
  open: boolean;
  slot: CloudSlot | undefined;
  isLoading: boolean;
  onClose(): void;
  onChanged(): Promise<unknown>;
}

type Pending = { kind: 'file'; file: CloudFile } | { kind: 'topic'; topic: string };

/** /130?s={id}: the slot's files grouped by topic, fullscreen; download, upload, delete file/topic. */
export function SlotFilesDialog({ open, slot, isLoading, onClose, onChanged }: SlotFilesDialogProps) {
  const alert = useAlert();
  const [isUploading, setUploading] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const topics = Object.keys(slot?.dateien ?? {});
  const title = slot ? `${slot.sort} ${slot.name}` : 'Slot';

  const download = async (file: CloudFile) => {
    try {
      await downloadStoredFile(file.pfad, `${file.titel}.${file.endung}`);
    } catch {
      alert.error(cloudMessages.downloadFailed);
    }
  };

  const confirmDelete = async () => {
    if (!slot || !pending) return;
    const target = pending.kind === 'file' ? { delDatei: pending.file.id } : { delThema: pending.topic };
    setPending(null);
    try {
      await deleteCloudFiles(slot.id, target);
      alert.success(pending.kind === 'file' ? cloudMessages.fileDeleted : cloudMessages.topicDeleted);
    } catch (error) {
      // A refusal by the server, else that nothing was deleted (school.md 8 says nothing; issue 47, docs/api.md).
      alert.error(error instanceof ApiError ? error.message : cloudMessages.deleteFailed);
    }
    await onChanged();
  };

  // The route closes the dialog a moment after it is left (school.md 9); until then it is gone already.
  if (!open) return null;
  return (
    <DialogShell
      title={title}
      onClose={onClose}
      fullScreenBelow="always"
      dividers
      actions={
        slot?.rechte.upload && (
          <Button startIcon={<UploadIcon />} onClick={() => setUploading(true)} sx={{ mr: 'auto' }}>
            Hochladen
          </Button>
        )
      }
    >
      <Box sx={{ p: 2, maxWidth: 1000, width: '100%', mx: 'auto' }}>
        {!slot ? (
          isLoading ? (
            <PageLoading />
          ) : (
            <Typography>{cloudMessages.unknownSlot}</Typography>
          )
        ) : topics.length === 0 ? (
          <Typography color="text.secondary">{cloudMessages.noFiles}</Typography>
        ) : (
          <Stack spacing={2}>
            {topics.map((topic) => (
              <Paper key={topic} component="section" aria-label={`Thema ${topic}`} variant="outlined">
                <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
                    {topic}
                  </Typography>
                  {slot.rechte.bearbeiten && (
                    <IconButton
                      aria-label={`Thema ${topic} löschen`}
                      onClick={() => setPending({ kind: 'topic', topic })}
                    >
                      <DeleteIcon />
                    </IconButton>
                  )}
                </Stack>
                <List dense>
                  {(slot.dateien[topic] ?? []).map((file) => (
                    <ListItem
                      key={file.id}
                      disablePadding
                      secondaryAction={
                        file.loeschen ? (
                          <IconButton
                            edge="end"
                            aria-label={`${file.titel} löschen`}
                            onClick={() => setPending({ kind: 'file', file })}
                          >
                            <DeleteIcon />
                          </IconButton>
                        ) : null
                      }
                    >
                      <ListItemButton onClick={() => void download(file)}>
                        <ListItemIcon>{file.endung === 'pdf' ? <PictureAsPdfIcon /> : <ImageIcon />}</ListItemIcon>
                        <ListItemText
                          primary={`${file.titel}.${file.endung}`}
                          secondary={`${file.ident_login_upload} · ${file.date_lastMod_de}`}
                        />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              </Paper>
            ))}
          </Stack>
        )}
      </Box>
      {slot && isUploading && (
        <UploadDialog slotId={slot.id} topics={topics} onClose={() => setUploading(false)} onUploaded={onChanged} />
      )}
      <ConfirmDialog
        open={pending !== null}
        text={
          pending?.kind === 'topic'
            ? `Das Thema „${pending.topic}“ mit allen Dateien löschen?`
            : `Die Datei „${pending?.kind === 'file' ? `${pending.file.titel}.${pending.file.endung}` : ''}“ löschen?`
        }
        confirmLabel="Löschen"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </DialogShell>
  );
}
