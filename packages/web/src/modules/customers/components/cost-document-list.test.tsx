import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CostDocumentView, CostView } from '@hortus/contract/modules/customers';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { ApiError } from '../../../platform/api/errors';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { CostDocumentList } from './cost-document-list';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

const document = (id: number): CostDocumentView => ({
  id,
  dokumentart: 20,
  name: `Beleg ${id}.pdf`,
  pfad: `f400-410/kosten/1/${id}.pdf`,
  dateUpload: '2026-03-10',
  timeUpload: 0,
  sha256: '',
  eRechnung: null,
});
const cost = { id: 1, dokumente: Array.from({ length: 12 }, (_, i) => document(i + 1)) } as unknown as CostView;

function renderList() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  render(<CostDocumentList cost={cost} onDelete={() => undefined} onFailedDownload={() => undefined} />, {
    wrapper,
  });
}

afterEach(cleanup);

describe('CostDocumentList', () => {
  it('is a table of 10 documents per page whose titles can be edited (kostenEditDokument)', async () => {
    call.mockResolvedValue({ status: 'success' });
    renderList();
    expect(screen.getAllByTestId('cost-document')).toHaveLength(10);
    expect(screen.getByText('1 - 10 von 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Beleg 1.pdf bearbeiten' }));
    fireEvent.change(screen.getByLabelText('Titel des Dokuments'), { target: { value: 'Kontoauszug März' } });
    fireEvent.click(screen.getByRole('button', { name: 'Titel speichern' }));
    await waitFor(() =>
      expect(call.mock.calls[0]?.[1]).toEqual({
        dataToSave: { type: 'kostenEditDokument', data: { id: 1, name: 'Kontoauszug März' } },
      }),
    );
    await waitFor(() => expect(screen.queryByLabelText('Titel des Dokuments')).toBeNull());
  });

  it("keeps 'Titel speichern' back for an unchanged or empty title and puts the server's refusal on the field", async () => {
    call.mockReset();
    call.mockRejectedValue(
      new ApiError('validationError', 'Ungültige Eingabe', 400, {
        'dataToSave.data.name': ['Enthält unerlaubte Zeichen'],
      }),
    );
    renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Beleg 2.pdf bearbeiten' }));
    const title = screen.getByLabelText('Titel des Dokuments');
    const save = () => screen.getByRole('button', { name: 'Titel speichern' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    fireEvent.change(title, { target: { value: '' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(title, { target: { value: 'Quittung' } });
    fireEvent.click(save());
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(window.document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enthält unerlaubte Zeichen',
    );
    expect(screen.getByLabelText('Titel des Dokuments')).toBe(title);
  });
});
