import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultFeesSettings, feesCalls, type FeesData } from '@hortus/contract/modules/fees';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { FamilyPage } from './family-page';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));
const downloadStoredFile = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/download', () => ({ downloadStoredFile }));

const data = {
  settings: defaultFeesSettings,
  umfaenge: [],
  kinder: [],
  familien: [{ id: 7, name: 'Familie Öztürk', kinder: [] }],
  mandate: [],
  speiseplan: [],
  bestellungen: [],
  einmalig: [],
  laeufe: [],
  heute: '2026-11-28',
  jetzt: '09:00',
} as unknown as FeesData;

beforeEach(() => {
  call.mockReset();
  downloadStoredFile.mockReset().mockResolvedValue(undefined);
  call.mockImplementation((spec: unknown) =>
    Promise.resolve(
      spec === feesCalls.jahresbescheinigungPdf
        ? { status: 'success', file: 'temp/x.pdf', name: 'Jahresbescheinigung-2025.pdf' }
        : { status: 'success', save: data },
    ),
  );
});
afterEach(cleanup);

describe('/220-100 for parents', () => {
  it('offers last year’s and this year’s certificate for the tax return and downloads the chosen one', async () => {
    renderWithProviders(<FamilyPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Jahresbescheinigung 2025' }));
    expect(screen.getByRole('button', { name: 'Jahresbescheinigung 2026' })).toBeTruthy();
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(feesCalls.jahresbescheinigungPdf, { id_familie: 7, jahr: 2025 }),
    );
    await waitFor(() => expect(downloadStoredFile).toHaveBeenCalledWith('temp/x.pdf', 'Jahresbescheinigung-2025.pdf'));
  });
});
