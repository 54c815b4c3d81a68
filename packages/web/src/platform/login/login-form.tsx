import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
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
  const { submit, error, fieldErrors, isPending, stage, restart } = useLoginFlow(onEnterApp);
  const choosing = stage === 'choosePassword';
  const differ = choosing && repeat !== '' && repeat !== neuPW;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!choosing) return void submit({ nn, pw });
    if (neuPW !== repeat) return;
    void submit({ nn, pw, neuPW });
  };

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
        {error && (
          <Notice severity="error" data-testid="login-error">
            {error}
          </Notice>
        )}
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
      {error && (
        <Notice severity="error" data-testid="login-error">
          {error}
        </Notice>
      )}
      <Button type="submit" variant="contained" size="large" loading={isPending}>
        Anmelden
      </Button>
    </Stack>
  );
}
