import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@hortus/contract/messages';
import { useAlert } from '../../../platform/alert/alert-context';
import { ApiError } from '../../../platform/api/errors';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { Notice } from '../../../platform/feedback/notice';
import { useTotpActivate, useTotpDisable, useTotpSetup, useTotpStatus } from '../api/two-factor';

type Setup = { secret: string; otpauthUri: string; qr: string };

/** The server's message on one field of a refused call, else null. */
function fieldError(error: unknown, field: string): string | null {
  return error instanceof ApiError ? (error.errors[field]?.[0] ?? null) : null;
}

/**
 * 'Anmeldung mit zweitem Faktor' in the account settings: set up (QR code and key for the authenticator
 * app, the first code activates), the recovery codes shown once, and turning it off with the password or
 * a code (not while a group requires it).
 */
export function TwoFactorSection() {
  const alert = useAlert();
  const { data: state } = useTotpStatus();
  const setup = useTotpSetup();
  const activate = useTotpActivate();
  const disable = useTotpDisable();
  const [pending, setPending] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [otp, setOtp] = useState('');
  const [pw, setPw] = useState('');
  const [offOtp, setOffOtp] = useState('');

  const start = async () => {
    try {
      setPending(await setup.mutateAsync());
      setOtp('');
    } catch (error) {
      alert.error(saveErrorMessage(error, messages.genericSaveFailed));
    }
  };
  const onActivate = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const reply = await activate.mutateAsync(otp.trim());
      setCodes(reply.recoveryCodes);
      setPending(null);
    } catch (error) {
      if (!fieldError(error, 'otp')) alert.error(saveErrorMessage(error, messages.genericSaveFailed));
    }
  };
  const onDisable = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await disable.mutateAsync({ pw, otp: offOtp.trim() });
      setPw('');
      setOffOtp('');
      alert.success(messages.totpOff);
    } catch (error) {
      if (!fieldError(error, 'pw') && !fieldError(error, 'otp'))
        alert.error(saveErrorMessage(error, messages.genericSaveFailed));
    }
  };

  return (
    <Box component="section" aria-labelledby="two-factor-heading" sx={{ mt: 4 }} data-testid="two-factor">
      <Typography variant="h6" component="h2" id="two-factor-heading" sx={{ mb: 2 }}>
        Anmeldung mit zweitem Faktor
      </Typography>
      {codes ? (
        <Stack spacing={2} data-testid="recovery-codes">
          <Notice severity="success">{messages.recoveryCodesHint}</Notice>
          <Box component="ul" sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: 2, m: 0 }}>
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
          <Button variant="contained" onClick={() => setCodes(null)} sx={{ alignSelf: 'flex-end' }}>
            Codes notiert
          </Button>
        </Stack>
      ) : pending ? (
        <Stack component="form" spacing={2} noValidate aria-label="Zweiten Faktor einrichten" onSubmit={onActivate}>
          <Typography>
            Bitte den QR-Code mit Ihrer Authenticator-App scannen (oder den Schlüssel eingeben) und den angezeigten Code
            eintragen.
          </Typography>
          <Box
            component="img"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pending.qr)}`}
            alt="QR-Code für die Authenticator-App"
            sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: '#fff' }}
          />
          <Box component="code" data-testid="totp-secret" sx={{ wordBreak: 'break-all' }}>
            {pending.secret}
          </Box>
          <Link href={pending.otpauthUri}>{messages.otpOpenApp}</Link>
          <TextField
            label={messages.otpLabel}
            name="otp"
            value={otp}
            onChange={(event) => setOtp(event.target.value)}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            error={fieldError(activate.error, 'otp') !== null}
            helperText={fieldError(activate.error, 'otp') ?? ' '}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => setPending(null)}>Abbrechen</Button>
            <Button type="submit" variant="contained" disabled={otp.trim() === ''} loading={activate.isPending}>
              Aktivieren
            </Button>
          </Stack>
        </Stack>
      ) : state?.aktiv ? (
        <Stack spacing={2}>
          <Notice severity="success" data-testid="two-factor-on">
            Eingeschaltet: Die Anmeldung fragt nach einem Code der Authenticator-App. Noch{' '}
            {state.wiederherstellungscodes} Wiederherstellungscodes.
          </Notice>
          {state.pflicht ? (
            <Typography>{messages.totpRequiredByGroup}</Typography>
          ) : (
            <Stack component="form" spacing={2} noValidate aria-label="Zweiten Faktor ausschalten" onSubmit={onDisable}>
              <Typography>{messages.totpConfirmOff}</Typography>
              <TextField
                label="Passwort"
                type="password"
                name="totpPw"
                autoComplete="current-password"
                value={pw}
                onChange={(event) => setPw(event.target.value)}
                error={fieldError(disable.error, 'pw') !== null}
                helperText={fieldError(disable.error, 'pw') ?? ' '}
              />
              <TextField
                label={messages.otpLabel}
                name="totpOtp"
                autoComplete="one-time-code"
                value={offOtp}
                onChange={(event) => setOffOtp(event.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                error={fieldError(disable.error, 'otp') !== null}
                helperText={fieldError(disable.error, 'otp') ?? ' '}
              />
              <Button
                type="submit"
                color="error"
                variant="outlined"
                disabled={pw === '' && offOtp.trim() === ''}
                loading={disable.isPending}
                sx={{ alignSelf: 'flex-end' }}
              >
                Zweiten Faktor ausschalten
              </Button>
            </Stack>
          )}
          <Button onClick={() => void start()} sx={{ alignSelf: 'flex-start' }} loading={setup.isPending}>
            Neues Telefon einrichten
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Typography>
            Ausgeschaltet. Mit zweitem Faktor fragt die Anmeldung nach dem Passwort auch nach einem Code Ihrer
            Authenticator-App.
          </Typography>
          <Button
            variant="contained"
            onClick={() => void start()}
            loading={setup.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            Zweiten Faktor einrichten
          </Button>
        </Stack>
      )}
    </Box>
  );
}
