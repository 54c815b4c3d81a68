import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatGermanDateTime } from '@hortus/contract';
import {
  confirmSummary,
  messagesMessages,
  outstanding,
  readSummary,
  type MessageView,
} from '@hortus/contract/modules/messages';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { saveMessages } from '../api/messages';

/** The sender's overview of a message to several people: 'n von m gelesen', who has not, 'Erinnern'. */
export function BroadcastOverview({
  message,
  onClose,
  onChanged,
}: {
  message: MessageView;
  onClose(): void;
  onChanged(): void;
}) {
  const run = useSaveAction();
  const of = message.empfaenger.length;
  const notRead = outstanding(message.empfaenger, message.gelesenVon);
  const notConfirmed = outstanding(message.empfaenger, message.bestaetigtVon);
  const remind = async () => {
    const reply = await run(() => saveMessages({ type: 'erinnern', data: { id_nachricht: message.id } }), {
      failure: messagesMessages.sendFailed,
    });
    if (reply) onChanged();
    return reply;
  };
  return (
    <DialogShell
      title="Lesebestätigungen"
      onClose={onClose}
      testId="messages-overview"
      actions={
        message.bestaetigungErforderlich && notConfirmed.length > 0 ? (
          <Button
            variant="contained"
            onClick={() =>
              void remind().then((reply) => {
                if (reply?.message) onClose();
              })
            }
          >
            Erinnern
          </Button>
        ) : undefined
      }
    >
      <Typography sx={{ fontWeight: 700 }} data-testid="messages-overview-read">
        {readSummary(message.gelesenVon.length, of)}
      </Typography>
      {message.bestaetigungErforderlich && (
        <Typography sx={{ fontWeight: 700 }} data-testid="messages-overview-confirmed">
          {confirmSummary(message.bestaetigtVon.length, of)}
        </Typography>
      )}
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {message.bestaetigungErforderlich ? 'Noch nicht bestätigt' : 'Noch nicht gelesen'}
      </Typography>
      <List dense data-testid="messages-overview-open">
        {(message.bestaetigungErforderlich ? notConfirmed : notRead).map((person) => (
          <ListItem key={person.id} disableGutters>
            <ListItemText
              primary={person.name}
              secondary={notRead.some((entry) => entry.id === person.id) ? 'nicht gelesen' : 'gelesen'}
            />
          </ListItem>
        ))}
      </List>
      {message.bestaetigtVon.length > 0 && (
        <>
          <Typography variant="subtitle2">Bestätigt</Typography>
          <List dense>
            {message.bestaetigtVon.map((person) => (
              <ListItem key={person.id} disableGutters>
                <ListItemText primary={person.name} secondary={formatGermanDateTime(Date.parse(person.zeit))} />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </DialogShell>
  );
}
