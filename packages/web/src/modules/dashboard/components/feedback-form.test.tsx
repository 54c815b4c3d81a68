import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { dashboardMessages, type Meldung } from '@hortus/contract/modules/dashboard';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { FeedbackForm } from './feedback-form';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

const meldung: Meldung = {
  id: 4,
  typ: 'info',
  titel: 'Ausflug',
  text: 'Zoo',
  icon: 'Info',
  color: 'info',
  popup: false,
  popupGesehen: false,
  anzeigePlanen: false,
  von: '',
  bis: '',
  timestamp: 0,
  autor: { id: 1, ident: 'Sekretariat' },
  kannBearbeiten: false,
  bedingung_f000w1_sehen: { alle: true, gruppen: [] },
  rueckmeldung: {
    nutzen: true,
    formularfelder: [
      { id: 1, sort: 1, name: 'Teilnahme', beschreibung: '', typ: 'einfachauswahl', selectoptions: ['Ja', 'Nein'] },
      { id: 2, sort: 2, name: 'Bemerkung', beschreibung: '', typ: 'text', selectoptions: [] },
    ],
    anzahl: 0,
    beantworteteFelder: [],
    user: null,
  },
};

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  render(<FeedbackForm meldung={meldung} />, { wrapper });
}

beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue({ status: 'success', savedMeldung: null, users: [] });
});
afterEach(cleanup);

describe('FeedbackForm', () => {
  it('does not send an empty required choice and says so at the field', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Rückmeldung senden' }));
    expect(await screen.findByText(dashboardMessages.answerRequired)).toBeTruthy();
    expect(call).not.toHaveBeenCalled();

    // Answering the field clears its message; the optional text may stay empty.
    fireEvent.click(screen.getByRole('radio', { name: 'Ja' }));
    expect(screen.queryByText(dashboardMessages.answerRequired)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rückmeldung senden' }));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(call.mock.calls[0]?.[1]).toMatchObject({
      dataToSave: { func: 'saveRueckmeldung', data: { meldungId: 4, werte: { '1': 'Ja' } } },
    });
  });
});
