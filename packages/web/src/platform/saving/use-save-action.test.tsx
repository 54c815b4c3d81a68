import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook, screen } from '@testing-library/react';
import { AlertProvider } from '../alert/alert-provider';
import { ApiError, NetworkError } from '../api/errors';
import { SavingProvider } from './saving-provider';
import { useSaveAction } from './use-save-action';

const wrapper = ({ children }: { children: ReactNode }) => (
  <AlertProvider>
    <SavingProvider>{children}</SavingProvider>
  </AlertProvider>
);
const texts = { success: 'Erfolgreich gespeichert', failure: 'Fehler! Bitte die Netzwerkverbindung prüfen.' };

afterEach(cleanup);

describe('useSaveAction', () => {
  it('returns the result and shows the success text', async () => {
    const { result } = renderHook(() => useSaveAction(), { wrapper });
    let value: number | null = null;
    await act(async () => {
      value = await result.current(async () => 42, texts);
    });
    expect(value).toBe(42);
    expect(await screen.findByText('Erfolgreich gespeichert')).toBeTruthy();
  });

  it("shows the server's messages or the failure text and returns null", async () => {
    const { result } = renderHook(() => useSaveAction(), { wrapper });
    let value: unknown = 'unset';
    await act(async () => {
      value = await result.current(
        () => Promise.reject(new ApiError('validationError', 'ungültig', 400, { nn: ['Bitte angeben.'] })),
        texts,
      );
    });
    expect(value).toBeNull();
    expect(await screen.findByText('Bitte angeben.')).toBeTruthy();
    await act(async () => {
      value = await result.current(() => Promise.reject(new NetworkError()), texts);
    });
    expect(value).toBeNull();
    expect(await screen.findByText(texts.failure)).toBeTruthy();
  });
});
