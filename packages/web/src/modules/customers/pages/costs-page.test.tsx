import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerData } from '@hortus/contract/modules/customers';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { CostsPage } from './costs-page';
import { sampleCost } from '../components/cost-view.sample';

const callWithVersion = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/query/versioned', () => ({ callWithVersion }));
// The drafts received by mail (issue 45): none here.
vi.mock('../../../platform/api/client', () => ({
  call: () => Promise.resolve({ status: 'success', entwuerfe: [], uebersprungen: [], posteingang: {} }),
}));

const cost = (id: number, datum: string, titel: string) => sampleCost(id, datum, titel);

/** The server's answer for a year: that year's costs only (issue 35); an order with an invoice of 2024. */
function dataOf(jahr: number): CustomerData {
  return {
    istKunde: false,
    settings: { kostenstellen: [] },
    kunden: [],
    auftraege: [{ id: 1, dokumente: [{ dateUpload: '2024-03-01' }] }],
    kosten: [cost(jahr, `${jahr}-05-02`, `Kosten ${jahr}`)],
  } as unknown as CustomerData;
}

function renderPage() {
  renderWithProviders(<CostsPage />);
}

const sentYears = () => callWithVersion.mock.calls.map(([, input]) => (input as { kostenJahr?: number }).kostenJahr);

beforeEach(() => {
  localStorage.clear();
  callWithVersion.mockReset();
  callWithVersion.mockImplementation((_spec: unknown, input: { kostenJahr: number }) =>
    Promise.resolve({ status: 'success', save: dataOf(input.kostenJahr) }),
  );
});
afterEach(cleanup);

describe('/410-200 Kosten loads one year at a time', () => {
  it('loads the current year by default and the chosen year when the filter changes', async () => {
    const thisYear = new Date().getFullYear();
    renderPage();
    expect(await screen.findByText(`Kosten ${thisYear}`)).toBeTruthy();
    expect(sentYears()).toEqual([thisYear]);

    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${thisYear} · `) }));
    const dialog = await screen.findByRole('dialog');
    // Years before the loaded one stay choosable (the orders' invoices reach back to 2024).
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Jahr' }));
    fireEvent.click(await screen.findByRole('option', { name: '2024' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));

    expect(await screen.findByText('Kosten 2024')).toBeTruthy();
    expect(sentYears()).toEqual([thisYear, 2024]);
    expect(screen.queryByText(`Kosten ${thisYear}`)).toBeNull();
    // The year is kept on the device: the next visit loads it again.
    await waitFor(() => expect(JSON.parse(localStorage.getItem('kostenFilter') ?? '{}')).toMatchObject({ jahr: 2024 }));
  });
});
