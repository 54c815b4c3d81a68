import { expect, test } from './test';
import { schoolYearMessages, statisticsMessages } from '@hortus/contract/modules/children';
import { demo } from '../fixtures';
import { login, pickerInput, typeInPicker } from './helpers';

test('leitung opens Statistik, edits a row of the day, saves, creates a day evaluation and downloads it, finds it in the archive', async ({
  page,
}) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/200-200');
  await expect(page.getByRole('tab', { name: 'Statistik' }).first()).toBeVisible();
  const table = page.getByRole('table', { name: 'Anwesenheiten des Tages' });
  const absent = table.getByRole('row').filter({ hasText: /nein/ }).first();
  await expect(absent).toBeVisible();
  const lastName = (await absent.getByRole('cell').nth(1).textContent()) ?? '';
  const firstName = (await absent.getByRole('cell').nth(2).textContent()) ?? '';
  await absent.click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${firstName} ${lastName}`);
  await dialog.getByLabel('Anwesend').check();
  await typeInPicker(dialog, 'von', '0915');
  await typeInPicker(dialog, 'bis', '1530');
  await expect(pickerInput(dialog, 'bis')).toHaveValue('15:30');
  await dialog.getByLabel('Entlassgrund').fill('E2E Abholung (Oma)');
  await dialog.getByRole('button', { name: 'Übernehmen' }).click();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(statisticsMessages.saved)).toBeVisible();
  const saved = table.getByRole('row').filter({ hasText: 'E2E Abholung (Oma)' });
  await expect(saved).toContainText('15:30');
  await expect(saved).toContainText(lastName);

  // Day evaluation: kept in the archive, the records stay (delete switched off), named by date and suffix.
  const day = await pickerInput(page, 'Tag').inputValue();
  const iso = day.split('.').reverse().join('-');
  await page.getByRole('button', { name: 'Auswertung erstellen' }).click();
  const evaluation = page.getByRole('dialog');
  await expect(evaluation.getByRole('tab', { name: 'Tag' })).toHaveAttribute('aria-selected', 'true');
  await evaluation.getByLabel('Daten danach löschen').uncheck();
  await evaluation.getByLabel('Namenszusatz (optional)').fill('E2E');
  const download = page.waitForEvent('download');
  await evaluation.getByRole('button', { name: 'Tagesauswertung erstellen' }).click();
  expect((await download).suggestedFilename()).toBe(`Anwesenheitsstatistik_${iso}_E2E.pdf`);
  await expect(evaluation).toBeHidden();
  await expect(saved).toContainText('15:30');

  // The month tab's button follows the rules of 5.2: no content chosen → disabled.
  await page.getByRole('button', { name: 'Auswertung erstellen' }).click();
  await page.getByRole('dialog').getByRole('tab', { name: 'Monat' }).click();
  const monthButton = page.getByRole('dialog').getByRole('button', { name: 'Monatsauswertung erstellen' });
  await expect(monthButton).toBeEnabled();
  for (const label of [
    'Diagramm Anwesenheit',
    'Diagramm Entlasszeiten',
    'Tabelle aller Kinder',
    'Tabelle der Entlasszeiten',
    'Tagesübersichten',
  ]) {
    await page.getByRole('dialog').getByLabel(label).uncheck();
  }
  await expect(monthButton).toBeDisabled();
  await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();

  await page.getByRole('button', { name: 'Archiv' }).click();
  const archive = page.getByRole('dialog');
  await expect(archive.getByText(`${iso}_E2E.pdf`)).toBeVisible();
  const again = page.waitForEvent('download');
  await archive.getByRole('button', { name: `${iso}_E2E.pdf herunterladen` }).click();
  expect((await again).suggestedFilename()).toBe(`Anwesenheitsstatistik_${iso}_E2E.pdf`);
});

test("'Daten danach löschen' spares the running day and month, and asks with the count before deleting (issue 47)", async ({
  page,
}) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/200-200');
  await page.getByRole('button', { name: 'Auswertung erstellen' }).click();
  const evaluation = page.getByRole('dialog');
  // Today (the page's day): the switch is off and disabled, the reason under it.
  const toggle = evaluation.getByLabel('Daten danach löschen');
  await expect(toggle).toBeDisabled();
  await expect(toggle).not.toBeChecked();
  await expect(evaluation.getByText(statisticsMessages.runningDay)).toBeVisible();
  // The running month (first in the list) likewise; the month before may be deleted, after the question.
  await evaluation.getByRole('tab', { name: 'Monat' }).click();
  await expect(evaluation.getByText(statisticsMessages.runningMonth)).toBeVisible();
  await evaluation.getByRole('combobox', { name: 'Monat' }).click();
  await page.getByRole('option').nth(1).click();
  await expect(toggle).toBeEnabled();
  await expect(toggle).toBeChecked();
  await evaluation.getByRole('button', { name: 'Monatsauswertung erstellen' }).click();
  const question = page.getByRole('dialog', { name: statisticsMessages.deleteTitle });
  await expect(question).toContainText(/Nach der Auswertung werden \d+ Anwesenheiten endgültig gelöscht\./);
  await question.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(question).toBeHidden();
  // Nothing was made or deleted: the dialog stays open and the month is still offered.
  await expect(evaluation.getByRole('button', { name: 'Monatsauswertung erstellen' })).toBeEnabled();
  await evaluation.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(evaluation).toBeHidden();
});

test('leitung walks through the school-year wizard; the progress survives a reload and is gone after finishing', async ({
  page,
}) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/200-set');
  await page.getByRole('button', { name: schoolYearMessages.title }).click();
  let wizard = page.getByRole('dialog');
  // Step 1: the automatic assignment is filled in; this journey keeps the demo's classes as they are.
  await expect(wizard.getByText('Klassenzuordnung')).toBeVisible();
  await expect(wizard.getByLabel(/wird zu/).first()).toBeVisible();
  await wizard.getByLabel('Kinder in die neuen Klassen verteilen').uncheck();
  await wizard.getByRole('button', { name: 'Weiter' }).click();
  await expect(wizard.getByLabel('Alle Elternkonten löschen')).not.toBeChecked();
  await wizard.getByRole('button', { name: 'Weiter' }).click();
  await expect(wizard.getByLabel('Alle gespeicherten Anwesenheiten löschen')).toBeVisible();

  // The progress is kept on the device.
  await page.reload();
  await page.getByRole('button', { name: schoolYearMessages.title }).click();
  wizard = page.getByRole('dialog');
  await expect(wizard.getByLabel('Alle gespeicherten Anwesenheiten löschen')).toBeVisible();
  await wizard.getByRole('button', { name: 'Zurück' }).click();
  await expect(wizard.getByLabel('Alle Elternkonten löschen')).toBeVisible();
  await wizard.getByRole('button', { name: 'Weiter' }).click();
  await wizard.getByRole('button', { name: 'Weiter' }).click();
  const summary = wizard.getByTestId('school-year-summary');
  await expect(summary).toContainText('0 Kinder wechseln die Klasse.');
  await expect(summary).toContainText('Die Anwesenheiten bleiben erhalten.');
  await wizard.getByRole('button', { name: 'Abschließen' }).click();
  await expect(wizard.getByRole('alert').filter({ hasText: schoolYearMessages.done })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('hortus-200-neuesSchuljahr'))).toBeNull();
  await wizard.getByRole('button', { name: 'Schließen' }).click();
  await expect(wizard).toBeHidden();
});
