import { useState } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/Download';
import { messages as platformMessages } from '@hortus/contract';
import {
  ATTACHMENTS_MAX,
  attachmentSize,
  messagesCalls,
  messagesMessages,
  type Attachment,
  type UploadedAttachment,
} from '@hortus/contract/modules/messages';
import { useAlert } from '../../../platform/alert/alert-context';
import { downloadStoredFile } from '../../../platform/api/download';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { uploadRule } from '../../../platform/api/upload';
import { FilePickerButton } from '../../../platform/forms/file-picker-button';
import { uploadAttachments } from '../api/messages';

const rule = uploadRule(messagesCalls.uploadAnhaenge, 'file1');

/**
 * The composer's attachments: the platform's file picker (PDF, PNG, JPEG, WebP), each choice uploaded at once
 * (uploadAnhaenge), the uploaded files as removable chips. The message links them by id on send.
 */
export function AttachmentPicker({
  value,
  onChange,
  disabled = false,
}: {
  value: readonly UploadedAttachment[];
  onChange(next: UploadedAttachment[]): void;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const room = ATTACHMENTS_MAX - value.length;
  const add = async (files: File[]) => {
    if (files.length > room) {
      setError(messagesMessages.tooManyAttachments);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      onChange([...value, ...(await uploadAttachments(files))]);
    } catch (failure) {
      setError(saveErrorMessage(failure, messagesMessages.uploadFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <FilePickerButton
        label={busy ? 'Wird hochgeladen …' : 'Anhang'}
        rule={rule}
        multiple
        size="small"
        startIcon={<AttachFileIcon />}
        disabled={disabled || busy || room <= 0}
        error={error}
        onFiles={(files) => void add(files)}
      />
      {value.length > 0 && (
        <Stack
          direction="row"
          useFlexGap
          spacing={1}
          sx={{ flexWrap: 'wrap' }}
          data-testid="messages-attachments-chosen"
        >
          {value.map((file) => (
            <Chip
              key={file.id}
              label={`${file.name} (${attachmentSize(file.groesse)})`}
              onDelete={() => onChange(value.filter((entry) => entry.id !== file.id))}
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** A message's attachments: name and size, a tap downloads through the platform's download call. */
export function MessageAttachments({ files }: { files: readonly Attachment[] }) {
  const alert = useAlert();
  if (files.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }} data-testid="messages-attachments">
      {files.map((file) => (
        <Chip
          key={file.id}
          icon={<DownloadIcon />}
          variant="outlined"
          clickable
          label={`${file.name} (${attachmentSize(file.groesse)})`}
          aria-label={`${file.name} herunterladen`}
          onClick={() =>
            void downloadStoredFile(file.pfad, file.name).catch(() => alert.error(platformMessages.downloadFailed))
          }
          sx={{ maxWidth: '100%' }}
        />
      ))}
    </Stack>
  );
}
