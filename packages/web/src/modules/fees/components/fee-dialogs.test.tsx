import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FeesData } from '@hortus/contract/modules/fees';
import { ApiError } from '../../../platform/api/errors';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { MandateDialog, MenuDayDialog, ScopeDialog } from './fee-dialogs';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

const data = {
  heute: '2026-11-28',
  familien: [
    { id: 7, name: 'Familie Arslan', kinder: [1] },
    { id: 9, name: 'Familie Berg', kinder: [2] },
  ],
  speiseplan: [{ tag: '2026-11-30', gerichte: [{ name: 'Linsensuppe', allergene: ['L'] }] }],
} as unknown as FeesData;

const saveButton = () => screen.getByRole('button', { name: 'Speichern' });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const sent = () => (call.mock.calls[0]?.[1] as { dataToSave: unknown }).dataToSave;

beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue({ status: 'success', save: data });
});
afterEach(cleanup);

describe('the fee office dialogs (platform FormDialog on the contract schemas)', () => {
  it('a mandate with a wrong IBAN shows the message on the IBAN field and sends nothing', async () => {
    renderWithProviders(<MandateDialog mandate={null} data={data} onClose={vi.fn()} />);
    fireEvent.change(field('Kontoinhaber'), { target: { value: 'Aylin Arslan' } });
    fireEvent.change(field('IBAN'), { target: { value: 'DE00 1234' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(field('IBAN').getAttribute('aria-invalid')).toBe('true'));
    expect(call).not.toHaveBeenCalled();
  });

  it('a valid mandate is sent as the mandat action with the day of signature from the picker', async () => {
    const onClose = vi.fn();
    renderWithProviders(<MandateDialog mandate={null} data={data} onClose={onClose} />);
    fireEvent.change(field('Kontoinhaber'), { target: { value: 'Aylin Arslan' } });
    fireEvent.change(field('IBAN'), { target: { value: 'DE02120300000000202051' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(sent()).toMatchObject({
      type: 'mandat',
      data: { id: 0, id_familie: 7, kontoinhaber: 'Aylin Arslan', unterschrieben: '2026-11-28' },
    });
  });

  it('a scope takes its amount in euros and sends cents; the server’s refusal shows on its field', async () => {
    const refusal = 'Der Betreuungsumfang existiert nicht.';
    call.mockRejectedValueOnce(new ApiError('validationError', refusal, 400, { 'dataToSave.data.name': [refusal] }));
    renderWithProviders(<ScopeDialog scope={null} month="2026-11" onClose={vi.fn()} />);
    fireEvent.change(field('Bezeichnung'), { target: { value: 'Hort bis 15 Uhr' } });
    fireEvent.change(field('Monatsbetrag (€)'), { target: { value: '12x' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(field('Monatsbetrag (€)').getAttribute('aria-invalid')).toBe('true'));
    expect(call).not.toHaveBeenCalled();
    fireEvent.change(field('Monatsbetrag (€)'), { target: { value: '185,50' } });
    await waitFor(() => expect(field('Monatsbetrag (€)').getAttribute('aria-invalid')).toBe('false'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(sent()).toMatchObject({
      type: 'umfang',
      data: { name: 'Hort bis 15 Uhr', preise: [{ ab: '2026-11', betrag: 18550 }], gueltigVon: '2026-11' },
    });
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it('a menu day keeps the dishes it had and adds one (the day is saved whole)', async () => {
    renderWithProviders(<MenuDayDialog day="2026-11-30" data={data} onClose={vi.fn()} />);
    expect(field('Gericht').value).toBe('Linsensuppe');
    fireEvent.click(screen.getByRole('button', { name: 'Gericht' }));
    const names = screen.getAllByRole('textbox', { name: 'Gericht' });
    fireEvent.change(names[1]!, { target: { value: 'Obstsalat' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual({
      type: 'speiseplan',
      data: {
        tag: '2026-11-30',
        gerichte: [
          { name: 'Linsensuppe', allergene: ['L'] },
          { name: 'Obstsalat', allergene: [] },
        ],
      },
    });
  });
});
