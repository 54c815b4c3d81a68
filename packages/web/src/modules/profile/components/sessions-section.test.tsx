import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages, platformCalls } from '@hortus/contract';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { SessionsSection } from './sessions-section';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

const sessions = [
  {
    id: 4,
    geraet: 'Firefox auf Windows',
    angemeldet: '2026-11-20T08:00:00.000Z',
    zuletzt: '2026-11-28T09:30:00.000Z',
    aktuell: true,
  },
  {
    id: 2,
    geraet: 'Chrome auf Android',
    angemeldet: '2026-11-02T06:15:00.000Z',
    zuletzt: '2026-11-27T17:05:00.000Z',
    aktuell: false,
  },
];

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((spec: unknown) =>
    Promise.resolve(
      spec === platformCalls.meineSitzungen ? { status: 'success', sitzungen: sessions } : { status: 'success' },
    ),
  );
});
afterEach(cleanup);

describe('Angemeldete Geräte', () => {
  it('lists the devices in German time, this one marked without a button; another is logged off after the question', async () => {
    renderWithProviders(<SessionsSection />);
    expect(await screen.findByText('Firefox auf Windows (dieses Gerät)')).toBeTruthy();
    expect(screen.getByText('Angemeldet 02.11.2026 07:15, zuletzt 27.11.2026 18:05')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Firefox auf Windows abmelden' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Chrome auf Android abmelden' }));
    expect(call).not.toHaveBeenCalledWith(platformCalls.sitzungBeenden, expect.anything());
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Gerät abmelden?' })).getByRole('button', { name: 'Abmelden' }),
    );
    await waitFor(() => expect(call).toHaveBeenCalledWith(platformCalls.sitzungBeenden, { id: 2 }));
    expect(await screen.findByText(messages.sessionEnded)).toBeTruthy();
  });
});
