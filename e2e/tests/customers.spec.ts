import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { demo } from '../fixtures';
import { login } from './helpers';

async function open(page: Page, user: { nn: string; password: string }, path: string): Promise<void> {
  await login(page, user);
  await expect(page).not.toHaveURL('/');
  await page.goto(path);
}

test('leitung adds a customer, an order with a service line and downloads its invoice PDF', async ({ page }) => {
  await open(page, demo.leitung, '/410');
  await expect(page.getByTestId('customers-table')).toContainText('TSV Lindenweg e. V.');

  // New customer with an address.
  await page.getByRole('button', { name: 'Kunde', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await dialog.getByLabel('Firma', { exact: true }).fill('Gärtnerei Grünfink');
  await dialog.getByRole('button', { name: 'Anschrift hinzufügen' }).click();
  await dialog.getByLabel('Straße').fill('Blumenweg');
  await dialog.getByLabel('Hausnummer').fill('3');
  await dialog.getByLabel('PLZ').fill('01099');
  await dialog.getByLabel('Ort').fill('Dresden');
  await expect(dialog.getByRole('link', { name: 'In Karte öffnen' })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/search\?query=Blumenweg/,
  );
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('customers-table')).toContainText('Gärtnerei Grünfink');

  // New order for it with one service line: 2 × 12,50 € at 19 %.
  await page.getByRole('tab', { name: 'Aufträge' }).click();
  await expect(page).toHaveURL('/410-100');
  await page.getByRole('button', { name: 'Auftrag', exact: true }).click();
  const order = page.getByRole('dialog');
  await order.getByRole('combobox', { name: 'Kunde' }).click();
  await page.getByRole('option', { name: /Gärtnerei Grünfink/ }).click();
  await order.getByLabel('Titel', { exact: true }).fill('Hecke schneiden');
  await order.getByRole('button', { name: 'Leistung hinzufügen' }).click();
  const line = order.getByTestId('order-line');
  await line.getByLabel('Titel').fill('Heckenschnitt');
  await line.getByLabel('Anzahl').fill('2');
  await line.getByLabel('Einzelpreis netto (€)').fill('12,50');
  await line.getByLabel('USt. (%)').fill('19');
  await expect(line).toContainText('25,00 € netto');
  await expect(line).toContainText('29,75 € brutto');
  await expect(order.getByTestId('order-totals')).toContainText('USt. 19 %: 4,75 €');
  await order.getByRole('button', { name: 'Speichern' }).click();
  await expect(order).toBeHidden();
  const row = page.getByTestId('orders-table').getByRole('row').filter({ hasText: 'Hecke schneiden' });
  await expect(row).toContainText('25,00 €');

  // Invoice PDF.
  await row.click();
  const reopened = page.getByRole('dialog');
  await reopened.getByRole('button', { name: 'Rechnung erstellen' }).click();
  const document = reopened.getByTestId('order-document');
  await expect(document).toContainText(/RE-\d{4}-\d{4}/);
  await expect(document).toContainText('29,75 €');
  const downloadPromise = page.waitForEvent('download');
  await document.getByRole('button', { name: /^RE-\d{4}-\d{4}$/ }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^RE-\d{4}-\d{4}\.pdf$/);

  // A reminder for the invoice made today is refused under 'Zur Rechnung'; the refusal belongs to the
  // reminder and is gone once the document kind is a credit note.
  await reopened.getByRole('combobox', { name: 'Dokumentart' }).click();
  await page.getByRole('option', { name: 'Zahlungserinnerung' }).click();
  await reopened.getByRole('button', { name: 'Zahlungserinnerung erstellen' }).click();
  await expect(reopened.getByText(/^Die Rechnung ist erst am \d{2}\.\d{2}\.\d{4} fällig\.$/)).toBeVisible();
  await reopened.getByRole('combobox', { name: 'Dokumentart' }).click();
  await page.getByRole('option', { name: 'Rechnungskorrektur' }).click();
  await expect(reopened.getByRole('button', { name: 'Rechnungskorrektur erstellen' })).toBeVisible();
  await expect(reopened.getByRole('combobox', { name: 'Zur Rechnung' })).toBeVisible();
  await expect(reopened.getByText(/fällig/)).toHaveCount(0);
});

test('leitung cancels an issued invoice: no delete, a Stornorechnung after the confirmation (issue 45)', async ({
  page,
}) => {
  await open(page, demo.leitung, '/410-100');
  await page.getByTestId('orders-table').getByRole('row').filter({ hasText: 'Herbstferien' }).click();
  const order = page.getByRole('dialog');
  const made = page.waitForResponse((response) => response.url().includes('?dokument'));
  await order.getByRole('button', { name: 'Rechnung erstellen' }).click();
  const invoice = ((await (await made).json()) as { neuDokument: { name: string } }).neuDokument.name;
  const documents = order.getByTestId('order-documents');
  await expect(documents).toContainText(invoice);

  // An issued invoice is final: no delete, 'Stornieren' instead, asked first.
  await expect(documents.getByRole('button', { name: `${invoice} löschen` })).toHaveCount(0);
  await documents.getByRole('button', { name: `${invoice} stornieren` }).click();
  const confirm = page.getByRole('dialog', { name: 'Rechnung stornieren?' });
  await expect(confirm).toContainText(`Die Rechnung ${invoice} wird durch eine Stornorechnung`);
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(confirm).toBeHidden();
  await documents.getByRole('button', { name: `${invoice} stornieren` }).click();
  await confirm.getByRole('button', { name: 'Stornieren' }).click();
  await expect(page.getByText(`Die Rechnung ${invoice} wurde storniert.`)).toBeVisible();

  // The list marks the invoice and shows the Stornorechnung with the next number and the negative amount.
  const next = `${invoice.slice(0, -4)}${String(Number(invoice.slice(-4)) + 1).padStart(4, '0')}`;
  await expect(documents).toContainText(`storniert durch ${next}`);
  const storno = documents.getByTestId('order-document').filter({ hasText: `Stornorechnung zu ${invoice}` });
  await expect(storno).toContainText(next);
  await expect(storno).toContainText('-75,00 €');
  await expect(documents.getByRole('button', { name: `${invoice} stornieren` })).toHaveCount(0);
  await expect(documents.getByRole('button', { name: `${next} stornieren` })).toHaveCount(0);
});

test("leitung saves an invoice as a draft and issues it: then it has no delete, only 'Stornieren' (issue 45)", async ({
  page,
}) => {
  await open(page, demo.leitung, '/410-100');
  await page.getByTestId('orders-table').getByRole('row').filter({ hasText: 'Sommerfest Catering' }).click();
  const order = page.getByRole('dialog');
  await order.getByRole('switch', { name: 'Als Entwurf speichern (ohne Rechnungsnummer)' }).check();
  const saved = page.waitForResponse((response) => response.url().includes('?dokument'));
  await order.getByRole('button', { name: 'Entwurf speichern' }).click();
  const draft = ((await (await saved).json()) as { neuDokument: { name: string } }).neuDokument.name;
  expect(draft).toMatch(/^ENTWURF-\d{4}-\d{4}$/);
  const documents = order.getByTestId('order-documents');
  const row = documents.getByTestId('order-document').filter({ hasText: draft });
  await expect(row).toContainText('Rechnungsentwurf');

  const issued = page.waitForResponse((response) => response.url().includes('?ausstellen'));
  await documents.getByRole('button', { name: `${draft} ausstellen` }).click();
  const confirm = page.getByRole('dialog', { name: 'Rechnung ausstellen?' });
  await confirm.getByRole('button', { name: 'Ausstellen' }).click();
  const invoice = ((await (await issued).json()) as { neuDokument: { name: string } }).neuDokument.name;
  expect(invoice).toMatch(/^RE-\d{4}-\d{4}$/);
  await expect(page.getByText(`Der Entwurf ${draft} wurde als Rechnung ausgestellt.`)).toBeVisible();
  await expect(documents).toContainText(invoice);
  await expect(documents).not.toContainText(draft);
  await expect(documents.getByRole('button', { name: `${invoice} löschen` })).toHaveCount(0);
  await expect(documents.getByRole('button', { name: `${invoice} stornieren` })).toBeVisible();
});

test("leitung edits the customer login's user parameters (f200), unlinks and links the login again", async ({
  page,
}) => {
  await open(page, demo.leitung, '/410');
  const table = page.getByTestId('customers-table');
  await table.getByRole('row').filter({ hasText: 'Peter Schäfer' }).first().click();
  const dialog = page.getByRole('dialog');
  const login = dialog.getByRole('combobox', { name: 'Kundenzugang' });
  await expect(login).toContainText('Peter Schäfer');
  const parameters = dialog.getByRole('region', { name: 'Nutzerparameter des Zugangs' });
  // Vorname is visible only (f200 sehen), Telefon editable for the office (f200 bearbeiten).
  await expect(parameters.getByLabel('Vorname')).toHaveValue('Peter');
  await expect(parameters.getByLabel('Vorname')).toBeDisabled();
  const phone = parameters.getByLabel('Telefon');
  await expect(phone).toHaveValue('0160 4567890');
  await phone.fill('0160 abc');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(parameters).toContainText('Enthält unerlaubte Zeichen');
  await phone.fill('0160 7654321');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();

  await table.getByRole('row').filter({ hasText: 'Peter Schäfer' }).first().click();
  await expect(parameters.getByLabel('Telefon')).toHaveValue('0160 7654321');

  // Unlink the login: its parameters leave the dialog; saved, the customer has no login.
  await login.click();
  await page.getByRole('option', { name: 'Kein Zugang' }).click();
  await expect(parameters).toBeHidden();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await table.getByRole('row').filter({ hasText: 'Peter Schäfer' }).first().click();
  await expect(login).toContainText('Kein Zugang');
  await expect(parameters).toBeHidden();

  // Link it again: the parameters show after saving.
  await login.click();
  await page.getByRole('option', { name: 'Peter Schäfer' }).click();
  await expect(dialog).toContainText('Die Nutzerparameter des Zugangs lassen sich nach dem Speichern bearbeiten.');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await table.getByRole('row').filter({ hasText: 'Peter Schäfer' }).first().click();
  await expect(login).toContainText('Peter Schäfer');
  await expect(parameters.getByLabel('Telefon')).toHaveValue('0160 7654321');
});

test('the demo customer sees the public information of their own orders only', async ({ page }) => {
  await open(page, demo.kunde, '/410-100');
  const table = page.getByTestId('orders-table');
  await expect(table).toContainText('Ferienbetreuung Sommer');
  await page.getByLabel('nur offene').uncheck();
  await expect(table).toContainText('Herbstferien');
  await expect(table).not.toContainText('Hallennutzung');
  await expect(table).not.toContainText('Gewinn');
  await expect(page.getByRole('button', { name: 'Auftrag', exact: true })).toHaveCount(0);
  await table.getByRole('row').filter({ hasText: 'Ferienbetreuung Sommer' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Beschreibung (für den Kunden sichtbar)')).toHaveValue(/Betreuung von Emma/);
  await expect(dialog).not.toContainText('Rabatt');
  await expect(dialog.getByLabel('Interne Info (nicht für den Kunden)')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Rechnung erstellen' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the order list shows cards with the contract warning', async ({ page }) => {
    await open(page, demo.leitung, '/410-100');
    // On a phone the table is a list of cards (the pagination stands beside the list).
    const list = page.getByTestId('orders-table').getByRole('list');
    await expect(list).toBeVisible();
    const card = list.getByRole('listitem').filter({ hasText: 'Hallennutzung dienstags' });
    await expect(card).toContainText('monatlich');
    await expect(
      card
        .getByRole('button', { name: /Die Kündigungsfrist endet am/ })
        .or(card.getByLabel(/Die Kündigungsfrist endet am/)),
    ).toBeVisible();
    await card.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: 'Dokumente' })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Dokumente' }).click();
    await expect(dialog.getByRole('button', { name: 'Rechnung erstellen' })).toBeVisible();
  });
});
