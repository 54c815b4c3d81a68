import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { sessionLimitMessage } from '@hortus/contract';
import { AlertProvider } from '../alert/alert-provider';
import { LoginNotice } from './login-notice';
import { readStorage, storageKeys, writeStorage } from './storage';

describe('LoginNotice', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('shows the login’s notice once the app is open, then forgets it', async () => {
    const text = sessionLimitMessage(20, 'Firefox auf Windows', '08.11.2026 10:15');
    writeStorage(storageKeys.loginNotice, text);
    render(
      <AlertProvider>
        <LoginNotice />
      </AlertProvider>,
    );
    expect(await screen.findByText(text)).toBeTruthy();
    expect(readStorage(storageKeys.loginNotice)).toBeNull();
  });

  it('shows nothing without a notice', () => {
    render(
      <AlertProvider>
        <LoginNotice />
      </AlertProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
