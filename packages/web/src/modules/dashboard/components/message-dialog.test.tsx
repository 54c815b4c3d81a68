import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { MessageDialog } from './message-dialog';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  const onClose = vi.fn();
  render(<MessageDialog meldung={null} standardEmpfaenger={[]} emailParameter={[]} onClose={onClose} />, {
    wrapper,
  });
  return { onClose };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
const descriptionOf = (label: string) =>
  screen.getByRole('textbox', { name: label }).getAttribute('aria-describedby') ?? '';
const helperTextOf = (label: string) => document.getElementById(descriptionOf(label))?.textContent ?? '';

beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue({ status: 'success' });
});
afterEach(cleanup);

describe('MessageDialog (new message)', () => {
  it('Speichern is disabled while title and text are empty, both fields say why from the start (issue 47)', async () => {
    renderDialog();
    await waitFor(() => expect(helperTextOf('Betreff')).toBe('Bitte angeben.'));
    expect(helperTextOf('Text')).toBe('Bitte angeben.');
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', true);
    save();
    expect(call).not.toHaveBeenCalled();

    // Filling both clears the messages and offers Speichern again.
    fireEvent.change(screen.getByRole('textbox', { name: 'Betreff' }), { target: { value: 'Ausflug' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Zoo am Freitag' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', false));
    expect(helperTextOf('Betreff')).toBe('');
    expect(helperTextOf('Text')).toBe('');
  });
});
