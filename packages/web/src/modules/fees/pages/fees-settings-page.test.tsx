import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultFeesSettings, feesCalls, type FeesData } from '@hortus/contract/modules/fees';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { FeesSettingsPage } from './fees-settings-page';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

const data = { settings: defaultFeesSettings } as unknown as FeesData;
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;

beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue({ status: 'success', save: data });
});
afterEach(cleanup);

describe('/220-set on the platform settings form', () => {
  it('shows euros, names a wrong amount and wrong discounts on their fields, and saves cents', async () => {
    renderWithProviders(<FeesSettingsPage />);
    expect(((await screen.findByRole('textbox', { name: 'Preis je Mittagessen (€)' })) as HTMLInputElement).value).toBe(
      '3,50',
    );
    expect(field('Geschwisterermäßigung in % (1., 2., 3. Kind …)').value).toBe('0, 25, 50');

    fireEvent.change(field('Preis je Mittagessen (€)'), { target: { value: 'drei' } });
    fireEvent.change(field('Geschwisterermäßigung in % (1., 2., 3. Kind …)'), { target: { value: '0, 150' } });
    await waitFor(() => expect(field('Preis je Mittagessen (€)').getAttribute('aria-invalid')).toBe('true'));
    expect(field('Geschwisterermäßigung in % (1., 2., 3. Kind …)').getAttribute('aria-invalid')).toBe('true');
    expect(saveButton().disabled).toBe(true);

    fireEvent.change(field('Preis je Mittagessen (€)'), { target: { value: '4,10' } });
    fireEvent.change(field('Geschwisterermäßigung in % (1., 2., 3. Kind …)'), { target: { value: '0, 30' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    expect(call.mock.calls[1]).toEqual([
      feesCalls.getOrSaveSettings,
      {
        ab: '',
        dataToSave: {
          type: 'settings',
          data: { ...defaultFeesSettings, essenspreis: 410, geschwisterRabatt: [0, 30] },
        },
      },
    ]);
  });
});
