import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { demo } from '../fixtures';
import { login } from './helpers';

// Issue 45: the office reads a bank statement and confirms a match (the invoice shows as paid), and sends the
// 1. Mahnung for the demo's overdue invoice (its Zahlungserinnerung was sent 15 days ago) and downloads it.

async function open(page: Page, path: string): Promise<void> {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto(path);
}

/** A CAMT.053 statement (camt.053.001.08) with one credit naming `invoice`. */
function statement(invoice: string, amount: string, today: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>E2E-${invoice}</MsgId><CreDtTm>${today}T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>E2E-1</Id>
      <Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${today}</Dt></BookgDt>
        <AcctSvcrRef>E2E-${invoice}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <RltdPties><Dbtr><Pty><Nm>Sportverein Eiche</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Ustrd>Rechnung ${invoice}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

test('the office imports a bank statement, confirms the match, and the invoice shows as paid', async ({ page }) => {
  await open(page, '/410-100');
  // A fresh invoice of the demo order 'Herbstferien'.
  await page.getByTestId('orders-table').getByRole('row').filter({ hasText: 'Herbstferien' }).click();
  const order = page.getByRole('dialog');
  const made = page.waitForResponse((response) => response.url().includes('?dokument'));
  await order.getByRole('button', { name: 'Rechnung erstellen' }).click();
  const invoice = ((await (await made).json()) as { neuDokument: { name: string; wert: number } }).neuDokument;
  await expect(order.getByTestId('order-document').filter({ hasText: invoice.name })).toContainText('offen');

  await page.goto('/410-300');
  await expect(page.getByTestId('open-items-table')).toContainText(invoice.name);
  await page.getByRole('button', { name: 'Kontoauszug einlesen' }).click();
  const dialog = page.getByTestId('bank-statement-dialog');
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
  await dialog.getByTestId('file-picker-input').setInputFiles({
    name: 'kontoauszug.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(statement(invoice.name, (invoice.wert / 100).toFixed(2), today)),
  });
  const line = dialog.getByTestId('bank-line').filter({ hasText: 'Sportverein Eiche' });
  await expect(line).toContainText(`${invoice.name} ·`);
  await expect(line).toContainText('Rechnungsnummer');
  await expect(line.getByRole('checkbox', { name: 'Buchung 1 übernehmen' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Ein Zahlungseingang wurde übernommen.');
  await dialog.getByRole('button', { name: 'Schließen' }).first().click();
  await expect(page.getByTestId('open-items-table')).not.toContainText(invoice.name);

  // The order's invoice is paid; the receipt is listed.
  await page.goto('/410-100');
  await page.getByTestId('orders-table').getByRole('row').filter({ hasText: 'Herbstferien' }).click();
  const reopened = page.getByRole('dialog');
  const paid = reopened
    .getByTestId('order-document')
    .filter({ hasText: invoice.name })
    .filter({ hasText: 'Rechnung ·' });
  await expect(paid).toContainText('bezahlt');
  await expect(reopened.getByTestId('order-documents')).toContainText(`Zahlungseingang ${invoice.name}`);
});

test('the office sends the 1. Mahnung for the overdue invoice and downloads its PDF', async ({ page }) => {
  await open(page, '/410-300');
  const row = page.getByTestId('open-items-table').getByRole('row').filter({ hasText: 'Musikschule' });
  await expect(row).toContainText('Zahlungserinnerung');
  await expect(row).toContainText('Tage überfällig');
  await row.getByRole('button', { name: /^1\. Mahnung für RE-/ }).click();
  const confirm = page.getByRole('dialog', { name: '1. Mahnung erstellen?' });
  await expect(confirm).toContainText('Mahngebühren 5,00 €');
  await confirm.getByRole('button', { name: 'Erstellen' }).click();
  await expect(page.getByText(/^Die 1\. Mahnung MA-\d{4}-0001 wurde erstellt\.$/)).toBeVisible();
  await expect(row).toContainText('1. Mahnung');
  await expect(row).toContainText(/2\. Mahnung ab \d{2}\.\d{2}\.\d{4}/);
  const downloadPromise = page.waitForEvent('download');
  await row.getByRole('button', { name: /^MA-\d{4}-0001 vom/ }).click();
  expect((await downloadPromise).suggestedFilename()).toMatch(/^MA-\d{4}-0001\.pdf$/);
});
