import { Suspense, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { dashboardMessages, type Meldung } from '@hortus/contract/modules/dashboard';
import { readNewsFeed } from '../logic/news-feed';
import { callW1 } from '../api/dashboard';
import { MessageAlert } from '../components/message-alert';
import { PopupDialog } from '../components/popup-dialog';
import type { WidgetProps } from '../../../platform/module-page/web-module';
import { lazyExport } from '../../../platform/lazy/lazy-export';

/**
 * The create/edit dialog loads when it opens: its form, condition editor and the date pickers are not
 * part of the dashboard's first screen (Lighthouse TBT, issue 21).
 */
const MessageDialog = lazyExport(() => import('../components/message-dialog'), 'MessageDialog');

/** Widget 1: the news feed with create/edit dialog, feedback forms and popups. */
export function NewsFeedWidget({ widget: entry }: WidgetProps) {
  // The dashboard sends every widget's data loosely; widget 1 reads its own fields by its schema.
  const widget = useMemo(() => readNewsFeed(entry), [entry]);
  const meldungen = widget.meldungen;
  const [editing, setEditing] = useState<Meldung | 'new' | null>(null);
  const [dismissed, setDismissed] = useState<readonly number[]>([]);
  const popup = meldungen.find(
    (entry) => entry.popup && !entry.popupGesehen && !entry.kannBearbeiten && !dismissed.includes(entry.id),
  );

  return (
    <Box>
      {widget.kannErstellen && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button startIcon={<AddIcon />} variant="contained" onClick={() => setEditing('new')}>
            Meldung
          </Button>
        </Box>
      )}
      {meldungen.length === 0 ? (
        <Typography color="text.secondary">{dashboardMessages.noMessages}</Typography>
      ) : (
        <Stack spacing={1.5}>
          {meldungen.map((meldung) => (
            <MessageAlert key={meldung.id} meldung={meldung} onEdit={setEditing} />
          ))}
        </Stack>
      )}
      {editing !== null && (
        <Suspense fallback={null}>
          <MessageDialog
            meldung={editing === 'new' ? null : editing}
            standardEmpfaenger={widget.standardEmpfaenger}
            emailParameter={widget.emailParameter}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {popup && (
        <PopupDialog
          meldung={popup}
          onClose={() => {
            setDismissed([...dismissed, popup.id]);
            void callW1({ func: 'popupGesehen', data: { meldungId: popup.id } }).catch(() => {});
          }}
        />
      )}
    </Box>
  );
}
