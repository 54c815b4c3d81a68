import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { datenschutzMessages, messages, protokollMessages } from '@hortus/contract';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { e2eAdmin, fixtureUsers } from '../fixtures';
import { login, logout } from './helpers';

const withoutProtokoll = fixtureUsers.find((user) => user.nn === 'ohneprotokoll')!;

async function signIn(page: Page, user: { nn: string; password: string }): Promise<void> {
  await login(page, user);
  await expect(page).not.toHaveURL('/');
}

/** A select field of the Protokoll filters (MUI select by its label). */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin clicks a child’s status; the child’s Verlauf and the Protokoll tab show it old → new, filtered, and the CSV holds it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, e2eAdmin);

  // Two status clicks on a child expected today: the attendance row is made (check-in), then changed (release).
  await page.goto('/200');
  const table = page.getByTestId('children-table');
  const status = table
    .locator('[data-testid^="status-"]:enabled')
    .filter({ hasText: /^Abwesend$/ })
    .first();
  const testId = (await status.getAttribute('data-testid'))!;
  const objekt = `Kind ${testId.replace('status-', '')}`;
  const button = page.getByTestId(testId);
  const row = table.getByRole('row').filter({ has: button });
  await button.click();
  await expect(button).toHaveText(/^Anwesend seit \d\d:\d\d$/);
  await button.click();
  // A child with pickup persons or a rule for today is released in a dialog; one without is released at once.
  // A child that may not go home alone is released only to a named person (issue 44).
  const releaseDialog = page.getByRole('dialog');
  // Alone before the permitted time asks for a confirmation ('Trotzdem allein entlassen').
  const confirm = releaseDialog.getByRole('button', { name: /^(Entlassen|Trotzdem allein entlassen)$/ });
  await expect(confirm.or(button.filter({ hasText: /^Entlassen / }))).toBeVisible();
  if (await confirm.isVisible()) {
    const other = releaseDialog.getByRole('radio', { name: 'andere Person' });
    if (await other.isVisible()) {
      await other.check();
      await releaseDialog.getByLabel('Name der Person').fill('Oma Erna');
    }
    await confirm.click();
  }
  await expect(button).toHaveText(/^Entlassen \d\d:\d\d$/);
  // The button's text (its CSS shows it in capitals): 'Entlassen HH:MM'.
  const released = /\d\d:\d\d/.exec((await button.textContent()) ?? '')?.[0] ?? '';

  // (c) The child's dialog: tab 'Verlauf' shows both clicks, the release as old → new.
  await row.getByRole('cell').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: protokollMessages.childHistory }).click();
  const history = dialog.getByRole('table', { name: protokollMessages.title });
  await expect(history.getByRole('row').filter({ hasText: 'Anwesenheit geändert' })).toContainText(
    `Gegangen – → „${released}“`,
  );
  await expect(history).toContainText('Anwesenheit neu: Tag');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();

  // (a) User administration's Protokoll tab, filtered by module, user and text.
  await page.goto('/005');
  await page.getByRole('tab', { name: 'Protokoll' }).click();
  await expect(page).toHaveURL(/\/005-030/);
  const protokoll = page.getByRole('table', { name: protokollMessages.title });
  await choose(page, 'Modul', 'Kinder');
  await choose(page, 'Benutzer', 'Administrator');
  await page.getByLabel('Suche').fill('time_to');
  const entry = protokoll.getByRole('row').filter({ hasText: `Gegangen – → „${released}“` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Kinder');
  // The record's current name above its type and number ('Tom Abholer', 'Kind 62').
  await expect(entry.getByRole('cell').nth(4)).toContainText(objekt);
  // Another module's filter hides it.
  await choose(page, 'Modul', 'Anmeldung');
  await expect(protokoll).toContainText(protokollMessages.empty);
  await choose(page, 'Modul', 'Kinder');
  await page.getByLabel('Datensatz').fill(objekt);
  await expect(entry).toHaveCount(1);

  // The CSV export downloads the filtered entries.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: protokollMessages.export }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Protokoll-\d{4}-\d\d-\d\d\.csv$/);
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFF"Zeit";"Benutzer";"Modul";"Aktion";"Datensatz";"Details"');
  const line = csv.split('\r\n').find((text) => text.includes(`Gegangen – → „${released}“`));
  expect(line).toMatch(
    new RegExp(`^"[^"]+";"Administrator";"Kinder";"geändert";"${objekt} \\([^)]+\\)";"Anwesenheit geändert: `),
  );
});

test('a user administrator without x|005|030 and x|005|040 gets no Protokoll or Datenschutz tab, and the server refuses the call', async ({
  page,
}) => {
  await signIn(page, withoutProtokoll);
  await page.goto('/005');
  // The user list alone (one tab: no tab bar), without the Datenauskunft (x|005|040).
  await expect(page.getByRole('cell', { name: 'leitung', exact: true })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Datenauskunft' })).toHaveCount(0);
  const reply = await page.evaluate(async (url) => {
    const body = new URLSearchParams({ code: localStorage.getItem('code') ?? '' });
    const response = await fetch(url, { method: 'POST', body });
    return { status: response.status, body: (await response.json()) as { status: string; eintraege?: unknown } };
  }, userAdminCalls.getProtokoll.url);
  expect(reply).toEqual({ status: 403, body: expect.objectContaining({ status: 'noRight' }) });
  expect(reply.body.eintraege).toBeUndefined();
  await logout(page);
});

test('Datenschutz: a changed retention is saved and kept after reload, a bad value shows the German message, the jobs’ last runs are listed', async ({
  page,
}) => {
  await signIn(page, e2eAdmin);
  await page.goto('/005-040');
  const months = page.getByLabel('Protokoll aufbewahren (Monate)');
  await expect(months).toHaveValue('24');
  await months.fill('30');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(messages.settingsSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Protokoll aufbewahren (Monate)')).toHaveValue('30');

  const years = page.getByLabel('Abgeschlossene Lohnabrechnungen aufbewahren (Jahre)');
  await years.fill('31');
  await expect(page.getByText(datenschutzMessages.lohnJahre)).toBeVisible();
  await years.fill('5');
  await expect(page.getByText(datenschutzMessages.lohnJahreGesetz)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Abgeschlossene Lohnabrechnungen aufbewahren (Jahre)')).toHaveValue('10');

  for (const [job, label] of [
    ['protokoll-retention', 'Protokoll bereinigen'],
    ['children-attendance-retention', 'Anwesenheiten bereinigen und anonymisieren'],
    ['payroll-retention', 'Lohnabrechnungen löschen'],
  ] as const) {
    await expect(page.getByTestId(`lauf-${job}`)).toContainText(`${label}:`);
  }
});
