import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { customerMessages, formatGermanDate, type CostDocumentView, type CostView } from '@hortus/contract';
import { ApiError } from '../../../platform/api/errors';
import { downloadStoredFile, viewStoredFile } from '../../../platform/api/download';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { ALL_ROWS } from '../../../platform/data-table/pagination';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useRenameCostDocument } from '../api/costs';

/** Cost documents: 10 per page (business.md 9), options 5, 10, 20, 50, all; cards below 600 px. */
const pageSizes = [5, 10, 20, 50, { label: 'Alle', value: ALL_ROWS }] as const;
const documentKey = (document: CostDocumentView) => document.id;
const typeNames: Record<number, string> = { 1: 'Rechnung', 20: 'Buchungsbeleg', 100: 'Sonstiges' };

export interface CostDocumentListProps {
  cost: CostView;
  onDelete(document: CostDocumentView): void;
  onFailedDownload(): void;
}

/** The documents of a cost as a table: view, download, edit the title, delete (business.md 2.3). */
export function CostDocumentList({ cost, onDelete, onFailedDownload }: CostDocumentListProps) {
  const [editing, setEditing] = useState<{ document: CostDocumentView; name: string } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const saveAction = useSaveAction();
  const { mutateAsync: rename } = useRenameCostDocument();
  const columns = useMemo<DataTableColumn<CostDocumentView>[]>(
    () => [
      {
        key: 'dokument',
        label: 'Dokument',
        render: (document) => (
          <Box data-testid="cost-document">
            <Link
              component="button"
              type="button"
              onClick={() => void viewStoredFile(document.pfad).catch(onFailedDownload)}
            >
              {document.name}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {typeNames[document.dokumentart] ?? ''} · {formatGermanDate(document.dateUpload)}
            </Typography>
          </Box>
        ),
      },
      {
        key: 'aktionen',
        label: '',
        align: 'right',
        render: (document) => (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <IconButton
              aria-label={`${document.name} herunterladen`}
              onClick={() => void downloadStoredFile(document.pfad, document.name).catch(onFailedDownload)}
            >
              <DownloadIcon />
            </IconButton>
            <IconButton
              aria-label={`${document.name} bearbeiten`}
              onClick={() => {
                setError(undefined);
                setEditing({ document, name: document.name });
              }}
            >
              <EditIcon />
            </IconButton>
            <IconButton aria-label={`${document.name} löschen`} color="error" onClick={() => onDelete(document)}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        ),
      },
    ],
    [onDelete, onFailedDownload],
  );
  const save = async () => {
    if (!editing) return;
    setError(undefined);
    let failure: unknown = null;
    const done = await saveAction(
      async () => {
        try {
          return await rename({ costId: cost.id, id: editing.document.id, name: editing.name });
        } catch (caught) {
          failure = caught;
          throw caught;
        }
      },
      { failure: customerMessages.saveFailed },
    );
    if (done) setEditing(null);
    else if (failure instanceof ApiError) setError(Object.values(failure.errors).flat()[0]);
  };
  return (
    <>
      <DataTable
        aria-label="Dokumente der Kosten"
        data-testid="cost-documents"
        rows={cost.dokumente}
        rowKey={documentKey}
        columns={columns}
        emptyText={customerMessages.noDocuments}
        rowsPerPageOptions={pageSizes}
        defaultRowsPerPage={10}
        mobileBreakpoint={600}
      />
      {editing && (
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              size="small"
              label="Titel des Dokuments"
              value={editing.name}
              onChange={(event) => setEditing({ ...editing, name: event.target.value })}
              error={error !== undefined}
              helperText={error}
              sx={{ flex: 1 }}
            />
            <Button onClick={() => setEditing(null)}>Abbrechen</Button>
            <Button
              variant="contained"
              disabled={editing.name.trim() === '' || editing.name === editing.document.name}
              onClick={() => void save()}
            >
              Titel speichern
            </Button>
          </Stack>
        </Paper>
      )}
    </>
  );
}
