import { expect, test } from './test';
import fs from 'node:fs';
import { demo } from '../fixtures';
import { login, typeInPicker } from './helpers';

test.setTimeout(120_000);

test('leitung downloads the GoBD data export of a year and the Verfahrensdokumentation from the revenue overview', async ({
  page,
}) => {
  const year = new Date().getFullYear();
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/410-200');
  await expect(page.getByTestId('costs-table')).toBeVisible();
  await page.getByRole('button', { name: 'Umsatzübersicht' }).click();
  const overview = page.getByRole('dialog', { name: `Umsatzübersicht ${year}` });
  await expect(overview.getByRole('table', { name: 'Summen' })).toBeVisible();

  // An own period whose end lies before its start is refused on its field.
  await overview.getByRole('button', { name: 'GoBD-Datenexport' }).click();
  const dialog = page.getByRole('dialog', { name: 'GoBD-Datenexport' });
  await dialog.getByRole('combobox', { name: 'Zeitraum' }).click();
  await page.getByRole('option', { name: 'Eigener Zeitraum' }).click();
  await typeInPicker(dialog, 'Von', `0105${year}`);
  await typeInPicker(dialog, 'Bis', `3004${year}`);
  await dialog.getByRole('button', { name: 'Exportieren' }).click();
  await expect(dialog).toContainText('Das Datum „von“ darf nicht nach dem Datum „bis“ liegen.');

  // The business year: the ZIP holds index.xml, its DTD and the tables.
  await dialog.getByRole('combobox', { name: 'Zeitraum' }).click();
  await page.getByRole('option', { name: `Geschäftsjahr ${year}` }).click();
  const zipDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Exportieren' }).click();
  const zipFile = await zipDownload;
  expect(zipFile.suggestedFilename()).toBe(`GoBD-Datenexport ${year}.zip`);
  await expect(dialog).toBeHidden();
  const zip = fs.readFileSync(await zipFile.path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  for (const name of [
    'index.xml',
    'gdpdu-01-09-2004.dtd',
    'rechnungen.csv',
    'rechnungspositionen.csv',
    'zahlungseingaenge.csv',
    'kosten.csv',
    'mahnungen.csv',
    'bankumsaetze.csv',
  ])
    expect(zip.includes(Buffer.from(name)), name).toBe(true);

  const pdfDownload = page.waitForEvent('download');
  await overview.getByRole('button', { name: 'Verfahrensdokumentation' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('Verfahrensdokumentation.pdf');
  expect(
    fs
      .readFileSync(await pdf.path())
      .subarray(0, 4)
      .toString(),
  ).toBe('%PDF');
});
