import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { EInvoicePanel } from './e-invoice-panel';
import { sampleEInvoiceRecord as record } from './e-invoice-record.sample';

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
