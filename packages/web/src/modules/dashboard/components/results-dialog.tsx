import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import RefreshIcon from '@mui/icons-material/Refresh';
import { messages } from '@hortus/contract';
import {
  dashboardMessages,
  feedbackDateTime,
  type FeedbackUser,
  type Meldung,
} from '@hortus/contract/modules/dashboard';
import { useAlert } from '../../../platform/alert/alert-context';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { ALL_ROWS } from '../../../platform/data-table/pagination';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { callW1 } from '../api/dashboard';
import { downloadFeedbackCsv } from '../api/download-csv';

type OverviewType = 'refresh' | 'delete' | 'allowRefill' | 'deleteAll' | 'allowRefillAll';

function valueText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/**
 * The author's results table (20 rows per page; 5, 10, 20, 40, Alle) with refresh, delete, refill and CSV;
 * fullscreen on a phone.
 */
export function ResultsDialog({ meldung, onClose }: { meldung: Meldung; onClose(): void }) {
  const [users, setUsers] = useState<FeedbackUser[]>([]);
  const [confirm, setConfirm] = useState<{ type: OverviewType; userId?: number } | null>(null);
  const saveAction = useSaveAction();
  const alert = useAlert();

  const run = useCallback(
    async (type: OverviewType, userId?: number) => {
      const reply = await saveAction(
        () =>
          callW1({
            func: 'settingsRueckmeldungenuebersicht',
            meldungId: meldung.id,
            type,
            data: userId ? { userId } : {},
          }),
        { failure: dashboardMessages.saveFailed },
      );
      if (reply) setUsers(reply.users);
    },
    [meldung.id, saveAction],
  );

  // Load once when the dialog opens.
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    void run('refresh');
  }, [run]);

  const fields = [...meldung.rueckmeldung.formularfelder].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const columns: DataTableColumn<FeedbackUser>[] = [
    { key: 'ident', label: 'Name', render: (row) => row.ident },
    { key: 'date', label: 'Datum', render: (row) => feedbackDateTime(row.date) },
    ...fields.map((field) => ({
      key: `f${field.id}`,
      label: field.name,
      render: (row: FeedbackUser) => (
        <Box sx={{ whiteSpace: 'pre-line' }}>{valueText(row.werte[String(field.id)])}</Box>
      ),
    })),
    {
      key: 'actions',
      label: '',
      align: 'right',
      render: (row) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <Tooltip title="Erneutes Ausfüllen erlauben">
            <span>
              <IconButton
                size="small"
                aria-label={`Erneutes Ausfüllen erlauben für ${row.ident}`}
                disabled={row.kannAendern}
                onClick={() => void run('allowRefill', row.id)}
              >
                <LockOpenIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Rückmeldung löschen">
            <IconButton
              size="small"
              aria-label={`Rückmeldung löschen von ${row.ident}`}
              onClick={() => setConfirm({ type: 'delete', userId: row.id })}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
  ];

  const download = async () => {
    try {
      await downloadFeedbackCsv(meldung.id);
    } catch (error) {
      alert.error(saveErrorMessage(error, messages.downloadFailed));
    }
  };

  return (
    <>
      <DialogShell title={`Rückmeldungen: ${meldung.titel}`} onClose={onClose} width={1200}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Button startIcon={<RefreshIcon />} onClick={() => void run('refresh')}>
            Aktualisieren
          </Button>
          <Button startIcon={<LockOpenIcon />} onClick={() => void run('allowRefillAll')} disabled={users.length === 0}>
            Alle erneut ausfüllen lassen
          </Button>
          <Button
            startIcon={<DeleteIcon />}
            color="error"
            onClick={() => setConfirm({ type: 'deleteAll' })}
            disabled={users.length === 0}
          >
            Alle löschen
          </Button>
          <Button startIcon={<DownloadIcon />} onClick={() => void download()} disabled={users.length === 0}>
            CSV
          </Button>
        </Box>
        <DataTable
          rows={users}
          columns={columns}
          rowKey={(row) => row.id}
          emptyText={dashboardMessages.noFeedback}
          rowsPerPageOptions={[5, 10, 20, 40, { label: 'Alle', value: ALL_ROWS }]}
          defaultRowsPerPage={20}
          aria-label="Rückmeldungen"
        />
      </DialogShell>
      <ConfirmDialog
        open={confirm !== null}
        text={
          confirm?.type === 'deleteAll'
            ? 'Alle Rückmeldungen zu dieser Meldung werden gelöscht.'
            : 'Die Rückmeldung wird gelöscht.'
        }
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const current = confirm;
          setConfirm(null);
          if (current) void run(current.type, current.userId);
        }}
      />
    </>
  );
}
