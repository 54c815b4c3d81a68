import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { EInvoiceRecord } from '@hortus/contract/modules/customers';
import { EInvoicePanel } from './e-invoice-panel';

const party = { name: '', ustId: '', steuernummer: '', strasse: '', zusatz: '', plz: '', ort: '', land: 'DE' };
const record: EInvoiceRecord = {
  format: 'XRechnung (UBL)',
  daten: {
    syntax: 'UBL',
    anhang: '',
    profil: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    art: '380',
    rechnungsnummer: '2026-117',
    rechnungsdatum: '2026-04-30',
    faelligAm: '2026-05-15',
    waehrung: 'EUR',
    kaeuferReferenz: '991-33333TEST-33',
    verkaeufer: {
      ...party,
      name: 'Gartenbau Lindner e. K.',
      steuernummer: '203/118/04455',
      plz: '01445',
      ort: 'Radebeul',
    },
    kaeufer: { ...party, name: 'SV Grün-Weiß Dresden e. V.' },
    zahlung: {
      art: '58',
      iban: 'DE75512108001245126199',
      kontoinhaber: '',
      bic: 'SOLADES1DRS',
      verwendungszweck: 'RG 2026-117',
      bedingungen: '',
    },
    positionen: [
      {
        nr: '1',
        name: 'Heckenschnitt',
        menge: '6',
        einheit: 'HUR',
        preis: '48.00',
        netto: 28_800,
        kategorie: 'S',
        satz: '19',
      },
    ],
    steuersaetze: [{ kategorie: 'S', satz: '19', netto: 28_800, steuer: 5_472, befreiungsgrund: '' }],
    summen: {
      positionen: 28_800,
      nachlaesse: null,
      zuschlaege: null,
      netto: 28_800,
      steuer: 5_472,
      brutto: 34_272,
      vorausbezahlt: null,
      rundung: null,
      faellig: 34_272,
    },
  },
  befunde: [
    {
      feld: 'beschreibung',
      regel: 'BT-84',
      art: 'fehler',
      text: 'Die IBAN des Verkäufers (BT-84: …) hat falsche Prüfziffern.',
    },
  ],
};

afterEach(cleanup);

describe('EInvoicePanel', () => {
  it('shows the findings, the hash and the readable view: parties, lines, VAT per rate, totals, payment', () => {
    render(<EInvoicePanel record={record} sha256="ab12" />);
    expect(screen.getByRole('heading', { name: 'Rechnung 2026-117' })).toBeTruthy();
    expect(screen.getByTestId('e-invoice-hash').textContent).toBe('SHA-256 der Datei: ab12');
    expect(within(screen.getByTestId('e-invoice-findings')).getByRole('alert').textContent).toContain('BT-84');
    expect(screen.getByText(/Gartenbau Lindner e\. K\./)).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Positionen' });
    expect(within(lines).getByText('6 Std.')).toBeTruthy();
    expect(within(lines).getByText('48,00')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Umsatzsteuer je Satz' })).getByText('342,72')).toBeTruthy();
    const totals = within(screen.getByRole('table', { name: 'Summen' }));
    // BT-112 and BT-115 both 342,72 (nothing paid yet).
    expect(totals.getAllByText('342,72 EUR')).toHaveLength(2);
    expect(totals.getByText('Fälliger Betrag (BT-115)')).toBeTruthy();
    const payment = screen.getByRole('table', { name: 'Zahlung' });
    expect(within(payment).getByText('SEPA-Überweisung (58)')).toBeTruthy();
    expect(within(payment).getByText('DE75512108001245126199')).toBeTruthy();
  });

  it('says when the check found nothing', () => {
    render(<EInvoicePanel record={{ ...record, befunde: [] }} sha256="" />);
    expect(screen.getByTestId('e-invoice-findings').textContent).toContain('fand nichts');
    expect(screen.queryByTestId('e-invoice-hash')).toBeNull();
  });
});
