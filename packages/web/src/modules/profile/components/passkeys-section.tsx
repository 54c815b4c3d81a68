import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatGermanDateTime, messages } from '@hortus/contract';
import { useAlert } from '../../../platform/alert/alert-context';
import { ApiError } from '../../../platform/api/errors';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';

/** The server's message on one field of a refused call, else null. */
function fieldError(error: unknown, field: string): string | null {
  return error instanceof ApiError ? (error.errors[field]?.[0] ?? null) : null;
}

const supported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * 'Passkeys' in the account settings (issue 42): log in with the phone's or computer's screen lock instead of
 * password and code. Lists the own passkeys (added, last used), adds one under a name, removes one after a
 * question. The browser's own dialog asks for the PIN or fingerprint; cancelling it changes nothing.
 */
export function PasskeysSection() {
  const alert = useAlert();
  const { data, isError } = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [asking, setAsking] = useState<{ id: number; name: string } | null>(null);

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await add.mutateAsync(name.trim());
      setName('');
      alert.success(messages.passkeyAdded);
    } catch (error) {
      if (error instanceof ApiError) {
        if (!fieldError(error, 'name') && !fieldError(error, 'antwort')) alert.error(error.message);
      } else if (error instanceof Error && error.name !== 'NotAllowedError' && error.name !== 'AbortError') {
        alert.error(saveErrorMessage(error, messages.passkeyFailed));
      }
    }
  };
  const onRemove = async () => {
    if (!asking) return;
    const { id } = asking;
    setAsking(null);
    try {
      await remove.mutateAsync(id);
      alert.success(messages.passkeyRemoved);
    } catch (error) {
      alert.error(error instanceof ApiError ? error.message : messages.genericSaveFailed);
    }
  };
  const refused = fieldError(add.error, 'antwort');

  return (
    <Box component="section" aria-labelledby="passkeys-heading" sx={{ mt: 4 }} data-testid="passkeys">
      <Typography variant="h6" component="h2" id="passkeys-heading" sx={{ mb: 1 }}>
        Passkeys
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Mit einem Passkey melden Sie sich mit der Displaysperre dieses Geräts an (Fingerabdruck, Gesicht oder PIN) –
        ohne Passwort und ohne Code. Ein Passkey gilt nur für diese App und lässt sich nicht abfangen.
      </Typography>
      {isError && <Typography color="error">Die Passkeys konnten nicht geladen werden.</Typography>}
      <List dense aria-labelledby="passkeys-heading">
        {(data?.passkeys ?? []).map((key) => (
          <ListItem
            key={key.id}
            disableGutters
            secondaryAction={
              <Button size="small" aria-label={`Passkey ${key.name} entfernen`} onClick={() => setAsking(key)}>
                Entfernen
              </Button>
            }
          >
            <ListItemText
              primary={key.name}
              secondary={`Hinzugefügt ${formatGermanDateTime(Date.parse(key.angelegt))}, ${
                key.zuletzt
                  ? `zuletzt verwendet ${formatGermanDateTime(Date.parse(key.zuletzt))}`
                  : 'noch nicht verwendet'
              }`}
            />
          </ListItem>
        ))}
      </List>
      {supported() ? (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          noValidate
          aria-label="Passkey hinzufügen"
          onSubmit={onAdd}
        >
          <TextField
            label="Name des Geräts"
            name="passkeyName"
            placeholder="z. B. Mein Telefon"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={fieldError(add.error, 'name') !== null || refused !== null}
            helperText={fieldError(add.error, 'name') ?? refused ?? ' '}
            slotProps={{ htmlInput: { maxLength: 60 } }}
            sx={{ flex: 1 }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={name.trim() === ''}
            loading={add.isPending}
            sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' }, mt: { sm: 1 } }}
          >
            Passkey hinzufügen
          </Button>
        </Stack>
      ) : (
        <Typography color="text.secondary">Dieser Browser unterstützt keine Passkeys.</Typography>
      )}
      <ConfirmDialog
        open={asking !== null}
        title="Passkey entfernen?"
        text={`Mit „${asking?.name ?? ''}“ ist danach keine Anmeldung mehr möglich.`}
        confirmLabel="Entfernen"
        onConfirm={() => void onRemove()}
        onCancel={() => setAsking(null)}
      />
    </Box>
  );
}
