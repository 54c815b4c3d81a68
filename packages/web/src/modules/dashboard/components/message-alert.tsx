import { Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import TableChartIcon from '@mui/icons-material/TableChart';
import { formatGermanDay, formatGermanLocal } from '@hortus/contract';
import { dashboardMessages, insideWindow, type Meldung } from '@hortus/contract/modules/dashboard';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { LinkedText } from '../../../platform/text/linked-text';
import { useW1 } from '../api/dashboard';
import { FeedbackForm } from './feedback-form';
import { severityOf, TypeIcon } from './type-icon';
import { lazyExport } from '../../../platform/lazy/lazy-export';

/**
 * The answers table loads when opened: its table's pagination sets up number formatting (Intl) when
 * its module is evaluated, about 170 ms of the dashboard's start on a throttled phone (issue 21).
 */
const ResultsDialog = lazyExport(() => import('./results-dialog'), 'ResultsDialog');

/**
 * One message of the feed: an alert with type icon and colour; title and text as plain text with line
 * breaks, web and mail addresses in the text as links.
 */
export function MessageAlert({ meldung, onEdit }: { meldung: Meldung; onEdit(meldung: Meldung): void }) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showResults, setShowResults] = useState(false);
  const saveAction = useSaveAction();
  const w1 = useW1();
  const window = {
    anzeigePlanen: meldung.anzeigePlanen,
    von: meldung.von ? Date.parse(meldung.von) : null,
    bis: meldung.bis ? Date.parse(meldung.bis) : null,
  };
  const hiddenForRecipients = meldung.anzeigePlanen && !insideWindow(window, Date.now());

  const remove = async () => {
    setConfirmDelete(false);
    await saveAction(() => w1.mutateAsync({ func: 'delMeldung', data: { id: meldung.id } }), {
      success: dashboardMessages.deleted,
      failure: dashboardMessages.saveFailed,
    });
  };

  return (
    <Alert
      severity={severityOf(meldung.typ)}
      icon={<TypeIcon typ={meldung.typ} />}
      data-testid={`meldung-${meldung.id}`}
      aria-label={meldung.titel}
      role="article"
      action={
        meldung.kannBearbeiten ? (
          <Box sx={{ display: 'flex' }}>
            {!meldung.anzeigePlanen && (
              <Tooltip title="Bearbeiten">
                <IconButton size="small" aria-label={`Bearbeiten: ${meldung.titel}`} onClick={() => onEdit(meldung)}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            <Tooltip title="Löschen">
              <IconButton size="small" aria-label={`Löschen: ${meldung.titel}`} onClick={() => setConfirmDelete(true)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ) : undefined
      }
      sx={{ '& .MuiAlert-message': { width: '100%', overflowWrap: 'anywhere' } }}
    >
      <AlertTitle>{meldung.titel}</AlertTitle>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        <LinkedText text={meldung.text} />
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1, alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary">
          {meldung.autor.ident} · {formatGermanDay(meldung.timestamp)}
        </Typography>
        {meldung.anzeigePlanen && (
          <Chip
            size="small"
            label={`${hiddenForRecipients ? 'Geplant' : 'Angezeigt'}: ${formatGermanLocal(meldung.von)}${meldung.bis ? ` – ${formatGermanLocal(meldung.bis)}` : ''}`}
          />
        )}
      </Box>
      {meldung.rueckmeldung.nutzen && !meldung.kannBearbeiten && (
        <FeedbackForm
          key={`${meldung.id}-${meldung.rueckmeldung.user?.date ?? ''}-${String(meldung.rueckmeldung.user?.kannAendern)}`}
          meldung={meldung}
        />
      )}
      {meldung.rueckmeldung.nutzen && meldung.kannBearbeiten && (
        <Button size="small" startIcon={<TableChartIcon />} onClick={() => setShowResults(true)} sx={{ mt: 1 }}>
          Rückmeldungen ({meldung.rueckmeldung.anzahl})
        </Button>
      )}
      {showResults && (
        <Suspense fallback={null}>
          <ResultsDialog meldung={meldung} onClose={() => setShowResults(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirmDelete}
        text={dashboardMessages.deleteText}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void remove()}
      />
    </Alert>
  );
}
