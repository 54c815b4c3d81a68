import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { demo } from '../fixtures';
import { login } from './helpers';

async function chooseSheet(page: Page, name: string, text: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog
    .getByTestId('file-picker-input')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

test('leitung imports children from a CSV: preview, then the children, their class and a parent account', async ({
  page,
}) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/200');
  await page.getByRole('button', { name: 'Importieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kinder importieren' });
  await chooseSheet(
    page,
    'kinder.csv',
    [
      'Vorname;Nachname;Klasse;Geburtsdatum;Erziehungsberechtigte/r;E-Mail',
      'Mila;Journey;Journey-4c;02.03.2017;Jana Journey;jana.journey@example.org',
      'Fehler;Journey;Journey-4c;32.01.2017;;',
    ].join('\n'),
  );
  await expect(dialog.getByRole('status')).toHaveText('Vorschau: 1 neu, 0 schon vorhanden, 1 mit Fehlern.');
  await expect(dialog.getByRole('table', { name: 'Vorschau des Imports' })).toContainText(
    'Geburtsdatum: Bitte ein Datum wie 31.12.2018 angeben.',
  );
  await dialog.getByRole('button', { name: 'Importieren' }).click();
  await expect(dialog.getByRole('status')).toHaveText('1 angelegt, 0 schon vorhanden, 1 mit Fehlern.');
  await expect(dialog.getByRole('button', { name: 'Login-Briefe der 1 neuen Elternkonten' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Journey-4c' })).toContainText('Mila');
});

test('leitung exports the children and imports that very file: the preview shows only duplicates', async ({ page }) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/200');
  // The list's count as shown ('1 - 20 von N').
  const shownRows = page.getByText(/^\d+ - \d+ von \d+$/).first();
  await expect(shownRows).toBeVisible();
  const count = Number(((await shownRows.textContent()) ?? '').split(' von ')[1]);
  expect(count).toBeGreaterThan(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportieren' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kinder-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());

  await page.getByRole('button', { name: 'Importieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kinder importieren' });
  await dialog
    .getByTestId('file-picker-input')
    .setInputFiles({ name: download.suggestedFilename(), mimeType: 'text/csv', buffer: bytes });
  await expect(dialog.getByRole('status')).toHaveText(`Vorschau: 0 neu, ${count} schon vorhanden, 0 mit Fehlern.`);
  await expect(dialog.getByRole('button', { name: 'Importieren' })).toBeDisabled();
});

test('leitung imports customers; a customer the demo already has is a duplicate', async ({ page }) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/410');
  await page.getByRole('button', { name: 'Importieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kunden importieren' });
  await chooseSheet(
    page,
    'kunden.csv',
    [
      'Firma,Vorname,Nachname,E-Mail,PLZ,Ort',
      'Journey Gärtnerei,Gerd,Grün,gerd@journey.example,01099,Dresden',
      'TSV Lindenweg e. V.,Maria,Becker,vorstand@tsv-lindenweg.example,01099,Dresden',
    ].join('\n'),
  );
  await expect(dialog.getByRole('status')).toHaveText('Vorschau: 1 neu, 1 schon vorhanden, 0 mit Fehlern.');
  await dialog.getByRole('button', { name: 'Importieren' }).click();
  await expect(dialog.getByRole('status')).toHaveText('1 angelegt, 1 schon vorhanden, 0 mit Fehlern.');
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(page.getByTestId('customers-table')).toContainText('Journey Gärtnerei');
});
