import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { customerCalls, type CustomerData } from '@hortus/contract/modules/customers';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { CostDialog } from './cost-dialog';

const callWithVersion = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/query/versioned', () => ({ callWithVersion }));
const upload = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/upload', async (importOriginal) => ({ ...(await importOriginal<object>()), upload }));

const data = {
  istKunde: false,
  settings: { kostenstellen: [{ nummer: 4000, name: 'Büro' }] },
  kunden: [],
  auftraege: [],
  kosten: [],
} as unknown as CustomerData;

beforeEach(() => {
  callWithVersion.mockReset();
  callWithVersion.mockResolvedValue({ status: 'success', save: { ...data, lastAddedKosten: 31 } });
  upload.mockReset();
  upload.mockResolvedValue({ status: 'success', dokumente: [] });
});
afterEach(cleanup);

describe('a new cost', () => {
  it('takes its receipt before the first save and uploads it under the new id right after (issue 47)', async () => {
    const onClose = vi.fn();
    renderWithProviders(<CostDialog cost={null} data={data} onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Betrag brutto (€)' }), { target: { value: '119,00' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Titel' }), { target: { value: 'Druckerpapier' } });
    const pending = screen.getByTestId('cost-pending-documents');
    const file = new File(['%PDF-1.4'], 'beleg.pdf', { type: 'application/pdf' });
    fireEvent.change(within(pending).getByTestId('file-picker-input'), { target: { files: [file] } });
    expect(await within(pending).findByText('beleg.pdf')).toBeTruthy();
    expect(within(pending).getByText('Rechnung · wird beim Speichern hochgeladen')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(callWithVersion.mock.calls[0]?.[1]).toMatchObject({ dataToSave: { type: 'addKosten' } });
    expect(upload.mock.calls[0]?.slice(0, 3)).toEqual([
      customerCalls.kostenUpload,
      { id_k: 31, dokumentart: 1 },
      { file },
    ]);
    expect(await screen.findByText('Die Kosten wurden gespeichert.')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5_000 });
  });

  it('a failed upload after the save is named, the cost stays saved', async () => {
    upload.mockRejectedValue(new Error('offline'));
    renderWithProviders(<CostDialog cost={null} data={data} onClose={() => undefined} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Betrag brutto (€)' }), { target: { value: '5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Titel' }), { target: { value: 'Porto' } });
    const file = new File(['%PDF-1.4'], 'porto.pdf', { type: 'application/pdf' });
    fireEvent.change(within(screen.getByTestId('cost-pending-documents')).getByTestId('file-picker-input'), {
      target: { files: [file] },
    });
    await screen.findByText('porto.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText(
        /^Die Kosten wurden gespeichert, ein Dokument aber nicht hochgeladen – porto.pdf: /,
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(callWithVersion).toHaveBeenCalledTimes(1);
  });
});
