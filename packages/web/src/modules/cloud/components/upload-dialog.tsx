import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { cloudMessages } from '@hortus/contract/modules/cloud';
import { useAlert } from '../../../platform/alert/alert-context';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { FilePickerButton } from '../../../platform/forms/file-picker-button';
import { cloudFileRule, uploadOne } from '../api/files';
import { uploadTopic } from '../logic/slot-form';
import { progressPercent, uploadInSequence, type UploadProgress } from '../logic/upload-queue';

export interface UploadDialogProps {
  slotId: number;
  topics: readonly string[];
  onClose(): void;
  /** Called after the last file (or a failure) so the slot reloads. */
  onUploaded(): Promise<unknown>;
}

/**
 * Upload: one or more PDFs or images under a topic. The files go one request each, in order, with a
 * progress bar; the server checks the content and the 20 MB limit.
 */
export function UploadDialog({ slotId, topics, onClose, onUploaded }: UploadDialogProps) {
  const alert = useAlert();
  const [files, setFiles] = useState<File[]>([]);
  const [topic, setTopic] = useState('');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const isRunning = progress !== null;

  const submit = async () => {
    if (isRunning) return;
    if (files.length === 0) {
      alert.error(cloudMessages.fileMissing);
      return;
    }
    const thema = uploadTopic(topic);
    if (thema === null) {
      alert.error(cloudMessages.topicMissing);
      return;
    }
    try {
      await uploadInSequence(files, (file, position) => uploadOne(slotId, thema, file, position), setProgress);
      await onUploaded();
      onClose();
    } catch (error) {
      // The server's own messages (type, size), else that the files did not arrive: school.md 8 reports a
      // failed request not at all, which offline looked like a finished upload (issue 47, docs/api.md).
      alert.error(saveErrorMessage(error, cloudMessages.uploadFailed));
      await onUploaded();
      setProgress(null);
    }
  };

  return (
    <DialogShell
      title="Dateien hochladen"
      onClose={() => {
        if (!isRunning) onClose();
      }}
      onSubmit={submit}
      closeLabel={null}
      actions={
        <>
          <Button onClick={onClose} disabled={isRunning}>
            Abbrechen
          </Button>
          <Button type="submit" variant="contained" disabled={isRunning}>
            Hochladen
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Autocomplete
          freeSolo
          options={[...topics]}
          inputValue={topic}
          onInputChange={(_event, value) => setTopic(value)}
          disabled={isRunning}
          renderInput={(params) => <TextField {...params} label="Thema" required />}
        />
        <FilePickerButton
          label="Dateien auswählen"
          rule={cloudFileRule}
          multiple
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={isRunning}
          onFiles={setFiles}
        />
        <Typography variant="caption" color="text.secondary">
          PDF-Dateien und Bilder (PNG, JPEG, GIF, WebP), höchstens 20 MB je Datei.
        </Typography>
        {files.length > 0 && (
          <List dense aria-label="Ausgewählte Dateien">
            {files.map((file) => (
              <ListItem key={`${file.name}-${file.size}-${file.lastModified}`} disableGutters>
                <ListItemText primary={file.name} secondary={`${Math.ceil(file.size / 1024)} KB`} />
              </ListItem>
            ))}
          </List>
        )}
        {progress && (
          <Stack spacing={1}>
            <LinearProgress variant="determinate" value={progressPercent(progress)} aria-label="Fortschritt" />
            <Typography variant="body2">
              {progress.current === ''
                ? 'Fertig'
                : `Datei ${progress.done + 1} von ${progress.count}: ${progress.current}`}
            </Typography>
          </Stack>
        )}
      </Stack>
    </DialogShell>
  );
}
