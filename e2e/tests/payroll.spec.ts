import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import fs from 'node:fs';
import { todayIsoDay } from '@hortus/contract';
import {
  lodasMessages,
  lohnGehaltFileNames,
  lohnGehaltMessages,
  payrollMessages,
  payrollMonthNames,
} from '@hortus/contract/modules/payroll';
import { demo } from '../fixtures';
import { login, typeInPicker } from './helpers';

async function choose(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('leitung creates an employee, fills December 2026 (Christmas prefilled as Feiertag), saves, downloads the PDF; an earlier month is then a read-only preview', async ({
  page,
}) => {
  // 31 day rows of German pickers are heavy for the shared test machine.
  test.setTimeout(150_000);
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/420');
  const list = page.getByTestId('employee-list');
  await expect(list.getByText('Becker, Anna')).toBeVisible();
  await expect(list.getByText('Weiß, Jonas')).toBeVisible();

  // New employee: Speichern stays disabled with only a first name, the last name says why (issue 47).
  await page.getByRole('button', { name: 'Neuer Mitarbeiter' }).click();
  await expect(page).toHaveURL(/\/420\?em_idm=0$/);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Vorname').fill('Erika');
  await expect(dialog.getByRole('textbox', { name: 'Nachname' })).toHaveAccessibleDescription('Bitte angeben.');
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await dialog.getByLabel('Nachname').fill('Muster');
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeEnabled();
  await dialog.getByLabel('Standardarbeitszeiten').check();
  await typeInPicker(dialog, 'Beginn', '0800');
  await typeInPicker(dialog, 'Ende', '1630');
  await dialog.getByLabel('Pause (Minuten)').fill('30');
  await choose(page, dialog, 'Standard-Lohngruppe', 'Pädagogische Fachkraft');
  await dialog.getByLabel('Vertragslohn').check();
  await choose(page, dialog, 'Vertrags-Lohngruppe', 'Pädagogische Fachkraft');
  await dialog.getByLabel('Vertragsstunden im Monat').fill('160');
  // Fixed salary and contract wage exclude each other.
  await dialog.getByLabel('Festgehalt', { exact: true }).check();
  await expect(dialog.getByLabel('Vertragslohn')).not.toBeChecked();
  await dialog.getByLabel('Vertragslohn').check();
  await expect(dialog.getByLabel('Festgehalt', { exact: true })).not.toBeChecked();
  // A new exception takes the first unused weekday (Sunday = 0).
  await dialog.getByRole('button', { name: 'Ausnahme', exact: true }).click();
  await expect(dialog.getByTestId('exception-row').getByRole('combobox', { name: 'Wochentag' })).toHaveText('Sonntag');
  await dialog.getByTestId('exception-row').getByRole('button', { name: 'Ausnahme entfernen' }).click();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(payrollMessages.saved)).toBeVisible();
  await expect(list.getByText('Muster, Erika')).toBeVisible();

  // Payroll of December 2026: 25 December (a Friday) is prefilled as Feiertag in Bavaria.
  await page.getByRole('button', { name: 'Abrechnung Muster, Erika' }).click();
  await expect(page).toHaveURL(/\/420\?la_idm=\d+$/);
  const payroll = page.getByRole('dialog');
  await expect(payroll.getByText('Abrechnung Erika Muster')).toBeVisible();
  await choose(page, payroll, 'Jahr', '2026');
  await choose(page, payroll, 'Monat', 'Dezember');
  const christmas = payroll.getByTestId('day-2026-12-25');
  await expect(christmas.getByText('1. Weihnachtstag')).toBeVisible();
  await expect(christmas.getByRole('combobox', { name: /^Status/ })).toHaveText('Feiertag');
  await expect(payroll.getByTestId('hours-2026-12-25')).toHaveText('8,00');
  await expect(payroll.getByTestId('day-2026-12-26').getByRole('combobox', { name: /^Status/ })).toHaveText('Nicht');

  // Urlaub on 2 December, nothing on 3 December (times cleared), a longer day on 4 December.
  await choose(page, payroll.getByTestId('day-2026-12-02'), 'Status Mi 02.12.', 'Urlaub');
  await choose(page, payroll.getByTestId('day-2026-12-03'), 'Status Do 03.12.', 'Nicht');
  await expect(payroll.getByTestId('hours-2026-12-03')).toHaveText('');
  await typeInPicker(payroll.getByTestId('day-2026-12-04'), 'Bis', '1830');
  await expect(payroll.getByTestId('hours-2026-12-04')).toHaveText('10,00');
  // 23 weekdays × 8 h − 8 h (3 December) + 2 h (4 December) = 178 h; minus 160 contract hours = 18 h overtime.
  await expect(payroll.getByTestId('sum-overtime')).toHaveText('18,00');
  await expect(payroll.getByTestId('sum-leave')).toHaveText('29,00');
  await payroll.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(payrollMessages.saved)).toBeVisible();
  await expect(payroll.getByText('Gespeicherte Abrechnung')).toBeVisible();

  const downloadPromise = page.waitForEvent('download');
  await payroll.getByRole('button', { name: 'PDF herunterladen' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Muster_Erika_2026_12.pdf');

  // November 2026 lies before the saved December: a read-only preview, enforced by the server too.
  await choose(page, payroll, 'Monat', 'November');
  await expect(payroll.getByTestId('payroll-locked')).toHaveText(payrollMessages.laterPayrolls);
  await expect(payroll.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
  await payroll.getByRole('button', { name: 'Schließen' }).click();
  await expect(page).toHaveURL(/\/420$/);
  await expect(page.getByTestId('employee-list').getByText('Dezember 2026')).toBeVisible();
});

test('on a phone, the demo payroll of two months ago is a read-only preview whose PDF can still be downloaded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/420');
  await page.getByRole('button', { name: 'Abrechnung Becker, Anna' }).click();
  const payroll = page.getByRole('dialog');
  // The default month follows the latest payroll (last month): the current month, new.
  const now = new Date();
  await expect(payroll.getByRole('combobox', { name: 'Monat' })).toHaveText(payrollMonthNames[now.getMonth()]!);
  await expect(payroll.getByText('Neue Abrechnung (noch nicht gespeichert)')).toBeVisible();
  const earlier = new Date(now.getFullYear(), now.getMonth() - 2, 1);
  await choose(page, payroll, 'Jahr', String(earlier.getFullYear()));
  await choose(page, payroll, 'Monat', payrollMonthNames[earlier.getMonth()]!);
  await expect(payroll.getByTestId('payroll-locked')).toHaveText(payrollMessages.laterPayrolls);
  await expect(payroll.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
  await expect(payroll.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
  const downloadPromise = page.waitForEvent('download');
  await payroll.getByRole('button', { name: 'PDF herunterladen' }).click();
  const download = await downloadPromise;
  const month = String(earlier.getMonth() + 1).padStart(2, '0');
  expect(download.suggestedFilename()).toBe(`Becker_Anna_${earlier.getFullYear()}_${month}.pdf`);
});

/** The office opens 420's export dialog of this title and downloads last month (the demo's payrolls are of the two
 * months before today, Berlin). */
async function downloadLastMonth(page: Page, title: string) {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/420');
  await page.getByRole('button', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: title });
  const [year, month] = todayIsoDay().split('-').map(Number) as [number, number];
  const last = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const mm = String(last.month).padStart(2, '0');
  await typeInPicker(dialog, 'Monat', `${mm}${last.year}`);
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Herunterladen' }).click();
  return { dialog, download: await downloadPromise, last, mm };
}

test('the office downloads last month for DATEV Lohn und Gehalt: data and record description in one ZIP', async ({
  page,
}) => {
  const { dialog, download, last, mm } = await downloadLastMonth(page, lohnGehaltMessages.title);
  const names = lohnGehaltFileNames(`${last.year}-${mm}`);
  expect(download.suggestedFilename()).toBe(names.zip);
  const zip = fs.readFileSync(await download.path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.includes(Buffer.from(names.data))).toBe(true);
  expect(zip.includes(Buffer.from(names.description))).toBe(true);
  await expect(dialog).toBeHidden();
});

test('the office downloads last month as a DATEV LODAS file for the payroll office (demo: numbers set)', async ({
  page,
}) => {
  const { dialog, download, last, mm } = await downloadLastMonth(page, lodasMessages.title);
  expect(download.suggestedFilename()).toBe(`LODAS_Stunden_${last.year}-${mm}.txt`);
  const bytes = fs.readFileSync(await download.path());
  const text = bytes.toString('latin1');
  expect(
    text.startsWith('[Allgemein]\r\nZiel=LODAS\r\nVersion_SST=1.0\r\nBeraterNr=29098\r\nMandantenNr=10418\r\n'),
  ).toBe(true);
  expect(text).toContain(
    '[Satzbeschreibung]\r\n10;u_lod_bwd_buchung_standard;abrechnung_zeitraum#bwd;bs_nr#bwd;bs_wert_butab#bwd;la_eigene#bwd;pnr#bwd;\r\n',
  );
  // Anna Becker: 150 contract hours and 4 paid-out overtime hours, both 'Pädagogische Fachkraft' (Lohnart 1100).
  expect(text).toContain(`* 1001 Becker, Anna\r\n10;01/${mm}/${last.year};1;154,00;1100;1001;\r\n`);
  expect(text).toMatch(
    new RegExp(`\\* 1003 Schulz, [^\\r]+\\r\\n10;01/${mm}/${last.year};1;\\d+,\\d\\d;1120;1003;\\r\\n`),
  );
  // Jonas Weiß has a fixed salary (an amount, no hours): the report says so; no line of his is in the file.
  expect(text).not.toContain(';1002;');
  await expect(page.getByText(/Weiß, Jonas: Festgehalt 2\.450,00 €/)).toBeVisible();
  await expect(dialog).toBeHidden();
});
