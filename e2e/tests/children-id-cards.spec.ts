import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { messages } from '@hortus/contract';
import { idCardCalls, idCardMessages, type IdCardView } from '@hortus/contract/modules/children';
import { demo } from '../fixtures';
import { login } from './helpers';

const facePhoto = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/server/test/fixtures/id-card-face.jpg',
);

/** The card's QR text as the logged-in user loads it (what the printed card encodes). */
async function cardQrText(page: Page, childId: number): Promise<string> {
  const card = await page.evaluate(
    async ({ url, id }) => {
      const body = new URLSearchParams({ code: localStorage.getItem('code') ?? '', id_kind: String(id) });
      const response = await fetch(url, { method: 'POST', body });
      return ((await response.json()) as { karte: unknown }).karte;
    },
    { url: idCardCalls.getKarte.url, id: childId },
  );
  return (card as IdCardView).qrInhalt;
}

test('leitung creates an ID card with face detection, downloads its PDF, and the scan station checks the child in with the card', async ({
  page,
}) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/200');
  await page.getByRole('button', { name: 'Kind anlegen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Vorname').fill('Karla');
  await dialog.getByLabel('Nachname').fill('Kartenkind');
  await dialog.getByLabel('Klasse').click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(messages.dataSaved)).toBeVisible();
  await page.getByLabel('Suche').fill('Kartenkind');
  const row = page.getByTestId('children-table').getByRole('row').filter({ hasText: 'Kartenkind' });
  const details = page.waitForResponse((r) => r.url().includes('func=getKind'));
  await row.getByRole('cell').first().click();
  const childId = ((await (await details).json()) as { kind: { id: number } }).kind.id;

  // No card yet: the create form; without a photo the spec's alert.
  await dialog.getByRole('tab', { name: 'Ausweis' }).click();
  await dialog.getByRole('button', { name: 'Karte erstellen' }).click();
  await expect(page.getByText(idCardMessages.photoRequired)).toBeVisible();
  await dialog.getByTestId('id-card-form').getByTestId('file-picker-input').setInputFiles(facePhoto);
  await dialog.getByRole('button', { name: 'Karte erstellen' }).click();
  const preview = dialog.getByRole('img', { name: 'Ausweis von Karla Kartenkind' });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  expect(await preview.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width)).toBe(250);
  await expect(dialog.getByTestId('no-face')).toHaveCount(0);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'PDF herunterladen' }).click();
  expect((await download).suggestedFilename()).toBe('Ausweis_Karla_Kartenkind.pdf');
  const qr = await cardQrText(page, childId);
  expect(qr).toMatch(new RegExp(`^200\\|${childId}\\|1\\|[A-Za-z0-9_-]{24}$`));
  // Health notes (issue 44) in their own dialog: the scan station flags them below.
  await dialog.getByRole('tab', { name: 'Abholung & Gesundheit' }).click();
  await dialog.getByRole('button', { name: 'Gesundheitsangaben bearbeiten' }).click();
  const health = page.getByRole('dialog', { name: 'Gesundheitsangaben' });
  await health.getByLabel('Allergien und Unverträglichkeiten').fill('Erdnüsse');
  await health.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Gesundheitsangaben gespeichert.')).toBeVisible();
  await expect(health).toBeHidden();
  await expect(dialog.getByTestId('health-line')).toHaveText('Allergien: Erdnüsse');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();

  // 'ID cards for all' of the chosen classes as one PDF.
  await page.getByRole('button', { name: 'Ausweise für alle' }).click();
  const allCards = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'PDF erstellen' }).click();
  expect((await allCards).suggestedFilename()).toBe('Ausweise.pdf');
  // The closed dialog gives its history entry back (history.back()); a navigation started before that
  // finished would be aborted by it.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.waitForFunction(
    () => (window.history.state as { hortusDialog?: number } | null)?.hortusDialog === undefined,
  );

  // The scan station: settings first, then scanning; the code goes through the scanner's input.
  await page.goto('/200?SCAN');
  const station = page.getByTestId('scan-station');
  await station.getByRole('button', { name: 'Scan-Station starten' }).click();
  const input = station.getByTestId('scan-input');
  await input.fill('200|1|1');
  await input.press('Enter');
  await expect(station.getByTestId('scan-message')).toContainText(idCardMessages.invalidQr);
  await input.fill(qr);
  await input.press('Enter');
  await expect(station.getByTestId('scan-message')).toContainText('Angemeldet');
  await expect(station.getByTestId('scan-message')).toContainText('Karla Kartenkind');
  // The allergy icon where the child is scanned (issue 44).
  const icon = station.getByTestId('scan-message').getByTestId('health-icon');
  await expect(icon).toBeVisible();
  await expect(icon).toHaveAttribute('aria-label', 'Gesundheitshinweis Karla Kartenkind: Allergien: Erdnüsse');

  await station.getByRole('button', { name: 'Einstellungen' }).click();
  await station.getByRole('button', { name: 'Zurück' }).click();
  await page.getByLabel('Suche').fill('Kartenkind');
  await expect(row.getByRole('button', { name: /Anwesend seit \d\d:\d\d/ })).toBeVisible();
});
