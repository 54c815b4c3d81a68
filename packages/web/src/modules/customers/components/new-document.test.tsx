import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CustomerData, OrderView } from '@hortus/contract/modules/customers';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { ApiError } from '../../../platform/api/errors';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { NewDocument } from './new-document';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

const refusal = 'Die Rechnung ist erst am 30.04.2026 fällig.';
const order = {
  id: 3,
  id_kunde: 0,
  typ: 'Auftrag',
  dokumente: [{ id: 11, dokumentart: 1, name: 'RE-2026-0001' }],
} as unknown as OrderView;
const data = {
  kunden: [],
  settings: { unterschriften: [], rechnungenTextbloecke: [], rechnungen_planenCronjobsMoeglich: false },
} as unknown as CustomerData;

function renderForm(forOrder: OrderView = order) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  render(<NewDocument order={forOrder} data={data} />, { wrapper });
}

function chooseKind(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Dokumentart' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
}

beforeEach(() => {
  call.mockReset();
  call.mockRejectedValue(new ApiError('validationError', refusal, 400, { 'dokument.rechnungId': [refusal] }));
});
afterEach(cleanup);

describe('NewDocument', () => {
  it("a refused reminder's error under 'Zur Rechnung' goes when the kind becomes a credit note", async () => {
    renderForm();
    chooseKind('Zahlungserinnerung');
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungserinnerung erstellen' }));
    await waitFor(() => expect(screen.getByText(refusal)).toBeTruthy());
    expect(call.mock.calls[0]?.[1]).toMatchObject({ dokument: { dokumentart: 4, rechnungId: 11 } });

    chooseKind('Rechnungskorrektur');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rechnungskorrektur erstellen' })).toBeTruthy());
    expect(screen.getByRole('combobox', { name: 'Zur Rechnung' })).toBeTruthy();
    expect(screen.queryByText(refusal)).toBeNull();
  });

  it('offers no cancelled invoice and no Stornorechnung for a credit note (issue 45)', () => {
    renderForm({
      ...order,
      dokumente: [
        { id: 11, dokumentart: 1, name: 'RE-2026-0001', status: 'storniert', stornoZu: '' },
        { id: 12, dokumentart: 1, name: 'RE-2026-0002', status: 'ausgestellt', stornoZu: 'RE-2026-0001' },
        { id: 13, dokumentart: 1, name: 'RE-2026-0003', status: 'ausgestellt', stornoZu: '' },
      ],
    } as unknown as OrderView);
    chooseKind('Rechnungskorrektur');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Zur Rechnung' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['RE-2026-0003']);
  });

  it("'Als Entwurf speichern' sends the invoice as a draft (issue 45)", async () => {
    renderForm();
    fireEvent.click(screen.getByRole('switch', { name: 'Als Entwurf speichern (ohne Rechnungsnummer)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0]?.[1]).toMatchObject({ dokument: { dokumentart: 1, entwurf: true } });
  });
});
