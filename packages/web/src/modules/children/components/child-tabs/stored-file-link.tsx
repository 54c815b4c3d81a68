import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import DeleteIcon from '@mui/icons-material/Delete';
import { messages } from '@hortus/contract';
import { useAlert } from '../../../../platform/alert/alert-context';
import { downloadStoredFile } from '../../../../platform/api/download';

/** A stored file of a child (document, exception attachment): its name downloads it; editors may delete it. */
export function StoredFileLink({
  file,
  onRemove,
}: {
  file: { pfad: string; name: string };
  /** Missing for readers. */
  onRemove?(): void;
}) {
  const alert = useAlert();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Link
        component="button"
        type="button"
        onClick={() => void downloadStoredFile(file.pfad, file.name).catch(() => alert.error(messages.downloadFailed))}
      >
        {file.name}
      </Link>
      {onRemove && (
        <IconButton aria-label={`${file.name} löschen`} size="small" onClick={onRemove}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}
