import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatGermanDateTime, messages } from '@hortus/contract';
import { useAlert } from '../../../platform/alert/alert-context';
import { ApiError } from '../../../platform/api/errors';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { useEndSession, useOwnSessions } from '../api/sessions';

/**
 * 'Angemeldete Geräte' in the account settings (issue 42): every device logged in to the account with browser,
 * system, login and last use; another device is logged off after a question, this one by 'Ausloggen'.
 */
export function SessionsSection() {
  const alert = useAlert();
  const { data, isError } = useOwnSessions();
  const end = useEndSession();
  const [asking, setAsking] = useState<{ id: number; geraet: string } | null>(null);
  const confirm = async () => {
    if (!asking) return;
    const { id } = asking;
    setAsking(null);
    try {
      await end.mutateAsync(id);
      alert.success(messages.sessionEnded);
    } catch (error) {
      alert.error(error instanceof ApiError ? error.message : messages.genericSaveFailed);
    }
  };
  return (
    <Box component="section" aria-labelledby="sessions-heading" sx={{ mt: 4 }} data-testid="own-sessions">
      <Typography variant="h6" component="h2" id="sessions-heading" sx={{ mb: 1 }}>
        Angemeldete Geräte
      </Typography>
      {isError && <Typography color="error">Die Geräte konnten nicht geladen werden.</Typography>}
      <List dense aria-labelledby="sessions-heading">
        {(data?.sitzungen ?? []).map((session) => (
          <ListItem
            key={session.id}
            disableGutters
            secondaryAction={
              session.aktuell ? undefined : (
                <Button
                  size="small"
                  aria-label={`${session.geraet} abmelden`}
                  onClick={() => setAsking({ id: session.id, geraet: session.geraet })}
                >
                  Abmelden
                </Button>
              )
            }
          >
            <ListItemText
              primary={session.aktuell ? `${session.geraet} (dieses Gerät)` : session.geraet}
              secondary={`Angemeldet ${formatGermanDateTime(Date.parse(session.angemeldet))}, zuletzt ${formatGermanDateTime(Date.parse(session.zuletzt))}`}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={asking !== null}
        title="Gerät abmelden?"
        text={`${asking?.geraet ?? ''} wird abgemeldet und muss sich neu anmelden.`}
        confirmLabel="Abmelden"
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </Box>
  );
}
