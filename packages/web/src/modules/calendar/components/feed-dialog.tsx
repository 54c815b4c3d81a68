import { useState } from 'react';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { calendarMessages } from '@hortus/contract/modules/calendar';
import { useAlert } from '../../../platform/alert/alert-context';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useCalendarChange } from '../api/calendar-api';

/** Absolute address of the feed (the server answers it relative when it does not know its public URL). */
export function absoluteFeedUrl(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url}`;
}

/**
 * 'Kalender abonnieren': the private iCalendar address. The server keeps only a hash of it, so the
 * address is shown right after 'neu erzeugen' (copy it then); 'widerrufen' ends the feed.
 */
export function FeedDialog({ active, onClose }: { active: boolean; onClose(): void }) {
  const [url, setUrl] = useState<string | null>(null);
  const saveAction = useSaveAction();
  const alert = useAlert();
  const { mutateAsync } = useCalendarChange();

  const renew = async () => {
    const reply = await saveAction(() => mutateAsync({ type: 'feedNeu' }), { failure: calendarMessages.saveFailed });
    if (reply?.feed.url) setUrl(absoluteFeedUrl(reply.feed.url, location.origin));
  };
  const revoke = async () => {
    const reply = await saveAction(() => mutateAsync({ type: 'feedWiderrufen' }), {
      failure: calendarMessages.saveFailed,
    });
    if (reply) setUrl(null);
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      alert.success(calendarMessages.copied);
    } catch {
      alert.error('Die Adresse konnte nicht kopiert werden. Bitte markieren und manuell kopieren.');
    }
  };

  return (
    <DialogShell
      title={calendarMessages.feedTitle}
      onClose={onClose}
      width={640}
      closeLabel={null}
      actions={
        <>
          {(active || url) && (
            <Button color="error" onClick={() => void revoke()}>
              {calendarMessages.feedRevoke}
            </Button>
          )}
          <Button onClick={() => void renew()}>
            {active || url ? calendarMessages.feedNew : calendarMessages.feedCreate}
          </Button>
          <Button variant="contained" onClick={onClose}>
            Schließen
          </Button>
        </>
      }
    >
      <DialogContentText sx={{ mb: 2 }}>{calendarMessages.feedHint}</DialogContentText>
      {url ? (
        <TextField
          fullWidth
          label="Abo-Adresse"
          value={url}
          slotProps={{
            htmlInput: { readOnly: true },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label="Adresse kopieren" onClick={() => void copy()}>
                    <ContentCopyIcon />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      ) : (
        active && <DialogContentText>{calendarMessages.feedHidden}</DialogContentText>
      )}
    </DialogShell>
  );
}
