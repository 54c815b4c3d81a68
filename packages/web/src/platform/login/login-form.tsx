import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Notice } from '../feedback/notice';
import { LoginField } from './login-field';
import { useLoginFlow } from './use-login-flow';

export function LoginForm({ onEnterApp }: { onEnterApp(route: string): void }) {
  const [nn, setNn] = useState('');
  const [pw, setPw] = useState('');
  const { submit, error, fieldErrors, isPending } = useLoginFlow(onEnterApp);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit({ nn, pw });
  };

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
