import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CustomerData } from '@hortus/contract/modules/customers';
import { ApiError } from '../../../platform/api/errors';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { CLOSE_DELAY_MS } from '../logic/close-delay';
import { CustomerDialog } from './customer-dialog';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));
// Saves of module 410 go through the versioned call (issue 35); here it is the plain call without a held version.
vi.mock('../../../platform/query/versioned', () => ({
  callWithVersion: (spec: unknown, input: unknown) => call(spec, input) as unknown,
}));

const data = { istKunde: false, auftraege: [], kundenLogins: [], kunden: [] } as unknown as CustomerData;

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(<CustomerDialog customer={null} data={data} onClose={onClose} />);
  return { onClose };
}

const saveButton = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
/** The form takes a change asynchronously, as between two key presses in a browser. */
const settle = () => act(() => Promise.resolve());

beforeEach(() => call.mockReset());
afterEach(cleanup);

describe('CustomerDialog (new customer, platform FormDialog)', () => {
  it('Speichern waits for a change; a wrong number shows its message on the field and nothing is sent', async () => {
    renderDialog();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(field('Kundennummer'), { target: { value: '12a' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Bitte nur Ziffern angeben (höchstens 9).')).toBeTruthy();
    expect(field('Kundennummer').getAttribute('aria-invalid')).toBe('true');
    expect(call).not.toHaveBeenCalled();
  });

  it('Escape on a changed form asks before the input is lost', async () => {
    const { onClose } = renderDialog();
    fireEvent.change(field('Firma'), { target: { value: 'Bäckerei Korn' } });
    await settle();
    fireEvent.keyDown(field('Firma'), { key: 'Escape' });
    expect(await screen.findByText('Änderungen verwerfen?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("puts the server's refusal on its field and stays open", async () => {
    const refusal = 'Die Kundennummer ist bereits vergeben.';
    call.mockRejectedValueOnce(
      new ApiError('validationError', refusal, 400, { 'dataToSave.data.kundennummer': [refusal] }),
    );
    const { onClose } = renderDialog();
    fireEvent.change(field('Kundennummer'), { target: { value: '1001' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    // The save runs under the saving overlay; on a loaded machine the reply takes a moment.
    expect(await screen.findByText(refusal, {}, { timeout: 10_000 })).toBeTruthy();
    expect(field('Kundennummer').getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes 400 ms after a save (business.md 4.2), without asking', async () => {
    call.mockResolvedValue({ save: data });
    const { onClose } = renderDialog();
    fireEvent.change(field('Firma'), { target: { value: 'Bäckerei Korn' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(call.mock.calls[0]?.[1]).toMatchObject({
      dataToSave: { type: 'addKunde', data: { firma: 'Bäckerei Korn' } },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: CLOSE_DELAY_MS * 10 });
    expect(screen.queryByText('Änderungen verwerfen?')).toBeNull();
  });

  it('contacts and addresses are panels of the platform list: a new one opens, its header follows the fields, removing takes it out', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Ansprechpartner hinzufügen' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Nachname' }), { target: { value: 'Berg' } });
    fireEvent.change(field('Vorname'), { target: { value: 'Anna' } });
    expect(await screen.findByText('Herr Anna Berg')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Anschrift hinzufügen' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Ort' }), { target: { value: 'Dresden' } });
    expect(await screen.findByText('Dresden')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'In Karte öffnen' }).getAttribute('href')).toContain('Dresden');
    fireEvent.click(screen.getByRole('button', { name: 'Ansprechpartner entfernen' }));
    await waitFor(() => expect(screen.queryByText('Herr Anna Berg')).toBeNull());
    expect(screen.queryByRole('textbox', { name: 'Nachname' })).toBeNull();
    expect(field('Ort').value).toBe('Dresden');
  });
});
