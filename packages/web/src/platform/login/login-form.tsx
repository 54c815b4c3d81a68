import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { messages } from '@hortus/contract/messages';
import { Notice } from '../feedback/notice';
import { LoginField } from './login-field';
import { useLoginFlow } from './use-login-flow';

export function LoginForm({ onEnterApp }: { onEnterApp(route: string): void }) {
  const [nn, setNn] = useState('');
  const [pw, setPw] = useState('');
  const [neuPW, setNeuPW] = useState('');
  const [repeat, setRepeat] = useState('');
  const [otp, setOtp] = useState('');
  const { submit, passkey, error, fieldErrors, isPending, stage, restart, proceed } = useLoginFlow(onEnterApp);
  const choosing = stage.kind === 'choosePassword';
  const differ = choosing && repeat !== '' && repeat !== neuPW;
  const errorNotice = error && (
    <Notice severity="error" data-testid="login-error">
      {error}
    </Notice>
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (stage.kind === 'otp' || stage.kind === 'otpSetup') return void submit({ nn, pw, otp });
    if (!choosing) return void submit({ nn, pw });
    if (neuPW !== repeat) return;
    void submit({ nn, pw, neuPW });
  };

  if (stage.kind === 'recoveryCodes') {
    return (
      <Stack spacing={2} data-testid="recovery-codes">
        <Notice severity="success">{messages.recoveryCodesHint}</Notice>
        <Box component="ul" sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: 2, m: 0 }}>
          {stage.codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        <Button variant="contained" size="large" loading={isPending} onClick={proceed}>
          Weiter
        </Button>
      </Stack>
    );
  }

  if (stage.kind === 'otp' || stage.kind === 'otpSetup') {
    return (
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label="Zweiter Faktor">
        {stage.kind === 'otpSetup' ? (
          <Notice severity="info" data-testid="otp-setup">
            {messages.otpSetupRequired}
            <Box component="code" data-testid="otp-secret" sx={{ display: 'block', mt: 1, wordBreak: 'break-all' }}>
              {stage.secret}
            </Box>
            <Link href={stage.otpauthUri}>{messages.otpOpenApp}</Link>
          </Notice>
        ) : (
          <Notice severity="info" data-testid="otp-ask">
            {messages.otpAsk}
          </Notice>
        )}
        <LoginField
          label={messages.otpLabel}
          name="otp"
          value={otp}
          onChange={setOtp}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          error={fieldErrors.otp}
        />
        {errorNotice}
        <Button type="submit" variant="contained" size="large" loading={isPending} disabled={otp.trim() === ''}>
          Anmelden
        </Button>
        <Button
          variant="text"
          onClick={() => {
            setPw('');
            setOtp('');
            restart();
          }}
        >
          Zurück
        </Button>
      </Stack>
    );
  }

  if (choosing) {
    return (
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label="Eigenes Passwort wählen">
        <Notice severity="info" data-testid="choose-password">
          {messages.choosePassword}
        </Notice>
        <input type="hidden" name="username" autoComplete="username" value={nn} readOnly />
        <LoginField
          label={messages.newPassword}
          name="neuPW"
          type="password"
          value={neuPW}
          onChange={setNeuPW}
          autoComplete="new-password"
          autoFocus
          error={fieldErrors.neuPW}
        />
        <LoginField
          label={messages.repeatPassword}
          name="repeat"
          type="password"
          value={repeat}
          onChange={setRepeat}
          autoComplete="new-password"
          error={differ ? messages.passwordsDiffer : undefined}
        />
        {errorNotice}
        <Button type="submit" variant="contained" size="large" loading={isPending} disabled={neuPW === '' || differ}>
          Passwort speichern und anmelden
        </Button>
        <Button
          variant="text"
          onClick={() => {
            setPw('');
            setNeuPW('');
            setRepeat('');
            restart();
          }}
        >
          Zurück
        </Button>
      </Stack>
    );
  }

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label="Login">
      <LoginField
        label="Benutzername"
        name="nn"
        value={nn}
        onChange={setNn}
        autoComplete="username"
        autoFocus
        error={fieldErrors.nn}
      />
      <LoginField
        label="Passwort"
        name="pw"
        type="password"
        value={pw}
        onChange={setPw}
        autoComplete="current-password"
        error={fieldErrors.pw}
      />
      {errorNotice}
      <Button type="submit" variant="contained" size="large" loading={isPending}>
        Anmelden
      </Button>
      {passkeysSupported() && (
        <Button variant="outlined" size="large" disabled={isPending} onClick={() => void passkey()}>
          {messages.passkeyLogin}
        </Button>
      )}
    </Stack>
  );
}

/** Whether this browser can log in with a passkey (WebAuthn; needs a secure address such as https or localhost). */
function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
