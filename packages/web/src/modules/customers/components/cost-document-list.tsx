import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { formatGermanDate } from '@hortus/contract';
import { customerMessages, type CostDocumentView, type CostView } from '@hortus/contract/modules/customers';
import { downloadStoredFile, viewStoredFile } from '../../../platform/api/download';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { ALL_ROWS } from '../../../platform/data-table/pagination';
import { CostDocumentRenameDialog } from './cost-document-rename-dialog';

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
  const [editing, setEditing] = useState<CostDocumentView | null>(null);
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
              {document.eRechnung ? ' · E-Rechnung' : ''}
            </Typography>
            {document.sha256 !== '' && (
              <Typography variant="caption" color="text.secondary" title={`SHA-256 ${document.sha256}`}>
                SHA-256 {document.sha256.slice(0, 16)}…
              </Typography>
            )}
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
            <IconButton aria-label={`${document.name} bearbeiten`} onClick={() => setEditing(document)}>
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
      {editing && <CostDocumentRenameDialog costId={cost.id} document={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
