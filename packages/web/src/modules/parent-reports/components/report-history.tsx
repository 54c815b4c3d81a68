import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@hortus/contract';
import {
  inactiveReportLabels,
  parentReportsMessages,
  type ParentReportsData,
  type ReportHistoryEntry,
} from '@hortus/contract/modules/parent-reports';
import { useAlert } from '../../../platform/alert/alert-context';
import { downloadStoredFile } from '../../../platform/api/download';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useSaveParentReports } from '../api/parent-reports';

/** The parent's reports with their attachments; a report whose cut-off has not passed can be withdrawn. */
export function ReportHistory({ data }: { data: ParentReportsData }) {
  const alert = useAlert();
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveParentReports();
  const [withdraw, setWithdraw] = useState<ReportHistoryEntry | null>(null);
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Historie
      </Typography>
      {data.historie.length === 0 && <Typography>{parentReportsMessages.noReports}</Typography>}
      <Stack spacing={1} data-testid="report-history">
        {data.historie.map((entry) => (
          <Box
            key={entry.id}
            data-testid="report-entry"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, opacity: entry.aktiv ? 1 : 0.6 }}
          >
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 'bold' }}>
                {entry.tagValue}: {entry.kind_name}
              </Typography>
              {!entry.aktiv && (
                <Chip
                  size="small"
                  label={entry.ersetzt ? inactiveReportLabels.replaced : inactiveReportLabels.withdrawn}
                />
              )}
            </Stack>
            <Typography variant="body2">
              {entry.anwesenheit_text}
              {entry.kommentar !== '' ? ` – ${entry.kommentar}` : ''}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              Gesendet am {entry.elternErstellt_tag} um {entry.elternErstellt_zeit}
            </Typography>
            {entry.anhaenge.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {parentReportsMessages.noAttachments}
              </Typography>
            ) : (
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                {entry.anhaenge.map((file) => (
                  <Link
                    key={file.pfad}
                    component="button"
                    variant="body2"
                    onClick={() =>
                      void downloadStoredFile(file.pfad, file.name).catch(() => alert.error(messages.downloadFailed))
                    }
                  >
                    {file.name}
                  </Link>
                ))}
              </Stack>
            )}
            {entry.widerrufbar && (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Button size="small" color="error" onClick={() => setWithdraw(entry)}>
                  Zurückziehen
                </Button>
              </Box>
            )}
          </Box>
        ))}
      </Stack>
      <ConfirmDialog
        open={withdraw !== null}
        text={withdraw ? `Die Meldung für ${withdraw.kind_name} am ${withdraw.tagValue} zurückziehen?` : ''}
        confirmLabel="Zurückziehen"
        onCancel={() => setWithdraw(null)}
        onConfirm={() => {
          const entry = withdraw;
          setWithdraw(null);
          if (entry) {
            void saveAction(() => save({ type: 'widerrufen', data: { id: entry.id } }), {
              success: parentReportsMessages.withdrawn,
              failure: parentReportsMessages.sendFailed,
            });
          }
        }}
      />
    </Paper>
  );
}
