import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileRules } from '@hortus/contract';
import { demo } from '../fixtures';
import { login } from './helpers';

const receipt = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function openCosts(page: Page): Promise<void> {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/410-200');
  await expect(page.getByTestId('costs-table')).toBeVisible();
}

test('leitung adds a cost, uploads its booking receipt (the icon goes), then downloads the EÜR ZIP', async ({
  page,
}) => {
  await openCosts(page);
  const year = new Date().getFullYear();

  // A new cost: 59,50 € gross at the default 19 % is 50,00 € net.
  await page.getByRole('button', { name: 'Kosten', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await expect(dialog.getByLabel('Enthaltene USt. (%)')).toHaveValue('19');
  await dialog.getByLabel('Betrag brutto (€)').fill('59,50');
  await dialog.getByLabel('Titel', { exact: true }).fill('Druckerpatronen E2E');
  await expect(dialog.getByTestId('cost-net')).toHaveText('Netto 50,00 €');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('costs-table').getByRole('row').filter({ hasText: 'Druckerpatronen E2E' });
  await expect(row).toContainText('59,50 €');
  await expect(row.getByRole('img', { name: 'Keine Rechnung angehängt!' })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Kein Buchungsbeleg hochgeladen!' })).toBeVisible();

  // Upload the booking receipt: its icon goes, the missing invoice stays.
  await row.click();
  const edit = page.getByRole('dialog');
  await edit.getByRole('combobox', { name: 'Art' }).click();
  await page.getByRole('option', { name: 'Buchungsbeleg' }).click();
  // A text file is refused in the browser with the upload's German rule; nothing is sent.
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('kosten_upload')) uploads.push(request.url());
  });
  await edit
    .getByTestId('cost-upload')
    .getByTestId('file-picker-input')
    .setInputFiles({ name: 'Notiz.txt', mimeType: 'text/plain', buffer: Buffer.from('kein Beleg') });
  await expect(edit.getByRole('alert')).toHaveText(fileRules.pdfOrImage.message);
  expect(uploads).toEqual([]);
  await edit
    .getByTestId('cost-upload')
    .getByTestId('file-picker-input')
    .setInputFiles({ name: 'Kontoauszug.pdf', mimeType: 'application/pdf', buffer: receipt });
  await expect(edit.getByRole('alert')).toHaveCount(0);
  await expect(edit.getByTestId('cost-document')).toContainText('Kontoauszug.pdf');
  await expect(edit.getByTestId('cost-document')).toContainText('Buchungsbeleg');
  await edit.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('img', { name: 'Kein Buchungsbeleg hochgeladen!' })).toHaveCount(0);
  await expect(row.getByRole('img', { name: 'Keine Rechnung angehängt!' })).toBeVisible();

  // The revenue overview of the year and its EÜR ZIP.
  await page.getByRole('button', { name: 'Umsatzübersicht' }).click();
  const overview = page.getByRole('dialog', { name: `Umsatzübersicht ${year}` });
  await expect(overview.getByTestId('total-Kosten')).toContainText('€');
  await expect(overview.getByRole('table', { name: 'Summen' })).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await overview.getByRole('button', { name: `EÜR ${year}` }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`EÜR ${year}.zip`);
  const zip = fs.readFileSync(await download.path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.includes(Buffer.from(`EÜR ${year}.pdf`))).toBe(true);
  expect(zip.includes(Buffer.from('Kontoauszug.pdf'))).toBe(true);
});

test('on a phone the revenue overview has the tabs Gesamtumsatz and Verträge', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openCosts(page);
  await page.getByRole('button', { name: 'Umsatzübersicht' }).click();
  const overview = page.getByRole('dialog', { name: /^Umsatzübersicht \d{4}$/ });
  await expect(overview.getByRole('tab', { name: 'Gesamtumsatz' })).toHaveAttribute('aria-selected', 'true');
  await overview.getByRole('tab', { name: 'Verträge' }).click();
  await expect(overview).toContainText('Hallennutzung dienstags');
  await overview.getByRole('button', { name: 'Schließen' }).click();
  await expect(overview).toBeHidden();
});

test("leitung books a service line's costs as a cost record; the cost links back to the order", async ({ page }) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/410-100');
  const row = page.getByTestId('orders-table').getByRole('row').filter({ hasText: 'Sommerfest Catering' });
  await expect(
    row.getByLabel('Es gibt noch Leistungen mit Kosten, die nicht mit einer Kostenposition verknüpft sind.'),
  ).toBeVisible();
  await row.click();
  const dialog = page.getByRole('dialog');
  const line = dialog
    .getByTestId('order-line')
    .filter({ has: page.getByLabel('Titel').and(page.locator('[value="Kuchenbuffet"]')) });
  await line.getByRole('button', { name: 'Als Kosten buchen' }).click();
  await expect(line).toContainText('Wird beim Speichern als Kosten gebucht.');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    row.getByLabel('Es gibt noch Leistungen mit Kosten, die nicht mit einer Kostenposition verknüpft sind.'),
  ).toHaveCount(0);

  await page.getByRole('tab', { name: 'Kosten' }).click();
  const cost = page.getByTestId('costs-table').getByRole('row').filter({ hasText: 'Kuchenbuffet' });
  await expect(cost).toContainText('45,00 €');
  await cost.getByRole('link', { name: /Auftrag \d+ · Sommerfest Catering/ }).click();
  await expect(page.getByRole('dialog')).toContainText('Sommerfest Catering');
});

test("leitung renames a cost's document: 'Titel speichern' takes the click right after typing", async ({ page }) => {
  await openCosts(page);
  await page.getByTestId('costs-table').getByRole('row').filter({ hasText: 'Bastelmaterial' }).first().click();
  const cost = page.getByRole('dialog', { name: /^Kosten: Bastelmaterial/ });
  await cost.getByRole('button', { name: 'Rechnung Bastelmaterial.pdf bearbeiten' }).click();
  const rename = page.getByRole('dialog', { name: 'Dokument bearbeiten' });
  await expect(rename.getByRole('button', { name: 'Titel speichern' })).toBeDisabled();
  await rename.getByLabel('Titel des Dokuments').fill('Rechnung Bastelbedarf.pdf');
  await rename.getByRole('button', { name: 'Titel speichern' }).click();
  await expect(rename).toBeHidden();
  await expect(cost.getByTestId('cost-documents')).toContainText('Rechnung Bastelbedarf.pdf');
  // The cost itself is unchanged: it closes without asking.
  await cost.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(cost).toBeHidden();
});

test('leitung reads an XRechnung into a new cost, checks the findings and saves it with the original attached', async ({
  page,
}) => {
  await openCosts(page);
  const year = new Date().getFullYear();
  // A CII XRechnung of another producer (server test fixture, two VAT rates), dated this year.
  const xml = fs
    .readFileSync(
      new URL('../../packages/server/test/fixtures/e-invoices/xrechnung-cii-zwei-steuersaetze.xml', import.meta.url),
    )
    .toString('utf8')
    .replace('20260302', `${year}0302`)
    .replace('20260316', `${year}0316`);
  const hash = createHash('sha256').update(xml).digest('hex');

  await page.getByRole('button', { name: 'Kosten', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'E-Rechnung einlesen' })).toBeVisible();
  await dialog
    .getByTestId('e-invoice-read')
    .getByTestId('file-picker-input')
    .setInputFiles({ name: 'BK-2026-04711.xml', mimeType: 'text/xml', buffer: Buffer.from(xml) });

  // The form is filled for checking: the 19 % share (two rates), the seller, the due date.
  await expect(dialog.getByLabel('Betrag brutto (€)')).toHaveValue('203,25');
  await expect(dialog.getByLabel('Enthaltene USt. (%)')).toHaveValue('19');
  await expect(dialog.getByLabel('Titel', { exact: true })).toHaveValue('Rechnung BK-2026-04711');
  await expect(dialog.getByLabel('Lieferant / Zusatz')).toHaveValue('Bürobedarf Krause GmbH');
  await expect(dialog.getByLabel('Beschreibung')).toHaveValue(/IBAN DE02120300000000202051/);
  await expect(dialog.getByText(/⚠ Die Rechnung hat mehrere Steuersätze/)).toBeVisible();
  await expect(dialog.getByTestId('e-invoice-findings')).toContainText('7 %: 26,00 € brutto');
  // The readable view and the file's hash.
  const invoice = dialog.getByTestId('e-invoice');
  await expect(invoice.getByRole('heading', { name: 'Rechnung BK-2026-04711' })).toBeVisible();
  await expect(invoice.getByRole('table', { name: 'Positionen' })).toContainText('Toner schwarz');
  await expect(invoice.getByRole('table', { name: 'Summen' })).toContainText('229,25 EUR');
  await expect(invoice.getByTestId('e-invoice-hash')).toHaveText(`SHA-256 der Datei: ${hash}`);
  await expect(dialog).toContainText('BK-2026-04711.xml wird beim Speichern unverändert als Rechnung angehängt.');

  // The user confirms: the cost is saved with the invoice attached (no red 'no invoice' icon).
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('costs-table').getByRole('row').filter({ hasText: 'Rechnung BK-2026-04711' }).first();
  await expect(row).toContainText('203,25 €');
  await expect(row.getByRole('img', { name: 'Keine Rechnung angehängt!' })).toHaveCount(0);
  await row.click();
  const edit = page.getByRole('dialog');
  const documents = edit.getByTestId('cost-document');
  await expect(documents.filter({ hasText: 'BK-2026-04711.xml' })).toContainText('Rechnung');
  await expect(documents.filter({ hasText: 'BK-2026-04711.xml' })).toContainText(`SHA-256 ${hash.slice(0, 16)}`);
  await expect(documents.filter({ hasText: 'BK-2026-04711 (lesbare Ansicht).pdf' })).toContainText('Sonstiges');
  await expect(edit.getByTestId('e-invoice-hash')).toHaveText(`SHA-256 der Datei: ${hash}`);
  await edit.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(edit).toBeHidden();
});
