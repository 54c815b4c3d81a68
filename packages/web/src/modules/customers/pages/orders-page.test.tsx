import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { CustomerData, OrderView } from '@hortus/contract/modules/customers';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { screenOf } from '../../../testing/screen-width';
import { OrdersPage } from './orders-page';

const callWithVersion = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/query/versioned', () => ({ callWithVersion }));

const order = {
  id: 1,
  auftragsnummer: 'A-1',
  titel: 'Website',
  kunde_ident: 'Bäckerei Korn',
  kundennummer: '10001',
  typ: 'Auftrag',
  status: 1,
  umsatz: 21420,
  leistungen: [],
  dokumente: [],
  vertrag_zahlungJaehrlich: false,
  vertrag_ende: '',
} as unknown as OrderView;

const customerData = {
  istKunde: true,
  settings: { auftragsstatus: [{ nummer: 1, kurz: 'offen', icon: '' }], vertragsstatus: [] },
  kunden: [],
  kosten: [],
  auftraege: [order],
} as unknown as CustomerData;

beforeEach(() => {
  callWithVersion.mockReset();
  callWithVersion.mockResolvedValue({ status: 'success', save: customerData });
});
afterEach(cleanup);

describe('/410-100 for a customer', () => {
  it("shows 'Betrag' for the own orders, not 'Umsatz', and no empty contract labels on a phone (issue 47)", async () => {
    const phone = screenOf(390);
    renderWithProviders(<OrdersPage />);
    const card = within(await screen.findByRole('listitem'));
    expect(card.getByText('Betrag')).toBeTruthy();
    expect(card.getByText('214,20 €')).toBeTruthy();
    expect(card.queryByText('Umsatz')).toBeNull();
    expect(card.queryByText('Vertrag')).toBeNull();
    expect(card.queryByText('Verlängerung')).toBeNull();
    phone.mockRestore();
  });
});
