import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { demo } from '../fixtures';
import { login, pickerInput, typeInPicker } from './helpers';

/** Goes to a month through the free-text year field and the month selector (fixed dates, not the wall date). */
async function gotoMonth(page: Page, year: string, month: string): Promise<void> {
  await page.getByLabel('Jahr').fill(year);
  await page.getByRole('combobox', { name: 'Monat' }).click();
  await page.getByRole('option', { name: month, exact: true }).click();
  await expect(page.getByRole('heading', { name: `${month} ${year}` })).toBeVisible();
}

/** The month view's entries that start (or continue) on a day. */
const dayEvents = (page: Page, day: string) => page.locator(`.month-event[data-day="${day}"]`);

test('leitung creates a weekly series, sees it in month and week view, deletes one day, saves one day as a single event and sees a birthday', async ({
  page,
}) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/110');
  await expect(page.getByRole('button', { name: 'Aktualisieren' })).toBeVisible();

  // New weekly series on Mondays 16:00–17:00 in March 2030.
  await page.getByRole('button', { name: 'hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Termin' });
  await dialog.getByLabel('Titel').fill('AG Fußball');
  await typeInPicker(dialog, 'Beginn', '04032030');
  await typeInPicker(dialog, 'Uhrzeit Beginn', '1600');
  await typeInPicker(dialog, 'Uhrzeit Ende', '1700');
  await expect(pickerInput(dialog, 'Beginn')).toHaveValue('04.03.2030');
  await expect(pickerInput(dialog, 'Ende')).toHaveValue('04.03.2030');
  await dialog.getByLabel('Serientermin').check();
  // Defaults: from the start day, until 5 years after the end, pattern Tage, interval 1, the weekday ticked.
  await expect(pickerInput(dialog, 'Serie von')).toHaveValue('04.03.2030');
  await expect(pickerInput(dialog, 'Serie bis')).toHaveValue('04.03.2035');
  await expect(dialog.getByLabel('Intervall')).toHaveValue('1');
  await dialog.getByRole('combobox', { name: 'Muster' }).click();
  await page.getByRole('option', { name: 'Wochen' }).click();
  await expect(dialog.getByLabel('Mo', { exact: true })).toBeChecked();
  await typeInPicker(dialog, 'Serie bis', '31032030');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Daten wurden erfolgreich gespeichert.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Month view: the four Mondays of March 2030.
  await gotoMonth(page, '2030', 'März');
  const series = page.locator('.month-event', { hasText: 'AG Fußball' });
  await expect(series).toHaveCount(4);
  for (const day of ['2030-03-04', '2030-03-11', '2030-03-18', '2030-03-25']) {
    await expect(dayEvents(page, day).filter({ hasText: 'AG Fußball' })).toHaveCount(1);
  }

  // Week view: the week of 4 March shows the one occurrence at 16:00.
  await page.getByRole('button', { name: 'Woche' }).click();
  await page.getByRole('button', { name: 'weiter' }).click();
  await expect(page.locator('.fc-timegrid-event', { hasText: 'AG Fußball' })).toHaveCount(1);
  await expect(page.locator('.fc-timegrid-event', { hasText: 'AG Fußball' })).toContainText('16:00');
  await page.getByRole('button', { name: 'Monat' }).click();
  await gotoMonth(page, '2030', 'März');

  // Delete only 11 March ('nur Ausnahme für Tag').
  await dayEvents(page, '2030-03-11').filter({ hasText: 'AG Fußball' }).click();
  const view = page.getByRole('dialog', { name: 'AG Fußball' });
  await expect(view.getByText('Wöchentlich am Montag vom 04.03.2030 bis 31.03.2030')).toBeVisible();
  await view.getByRole('button', { name: 'löschen' }).click();
  await page.getByRole('button', { name: 'nur Ausnahme für Tag' }).click();
  await expect(page.getByText('Der Termin wurde gelöscht.')).toBeVisible();
  await expect(series).toHaveCount(3);
  await expect(dayEvents(page, '2030-03-11').filter({ hasText: 'AG Fußball' })).toHaveCount(0);

  // Save 18 March as a single event: it detaches from the series.
  await dayEvents(page, '2030-03-18').filter({ hasText: 'AG Fußball' }).click();
  await page.getByRole('dialog', { name: 'AG Fußball' }).getByRole('button', { name: 'bearbeiten' }).click();
  const edit = page.getByRole('dialog', { name: 'Termin bearbeiten' });
  await expect(pickerInput(edit, 'Beginn')).toHaveValue('18.03.2030');
  await edit.getByLabel('Titel').fill('AG Fußball Turnier');
  await typeInPicker(edit, 'Uhrzeit Ende', '1830');
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('button', { name: 'nur diesen Termin' }).click();
  await expect(page.getByText('Die Daten wurden erfolgreich gespeichert.')).toBeVisible();
  await expect(dayEvents(page, '2030-03-18')).toHaveText(/AG Fußball Turnier/);
  await expect(page.locator('.month-event', { hasText: /^.*AG Fußball$/ })).toHaveCount(2);
  await expect(dayEvents(page, '2030-03-04').filter({ hasText: 'AG Fußball' })).toHaveCount(1);
  await expect(dayEvents(page, '2030-03-25').filter({ hasText: 'AG Fußball' })).toHaveCount(1);

  // The single event links back to its series.
  await dayEvents(page, '2030-03-18').click();
  const single = page.getByRole('dialog', { name: 'AG Fußball Turnier' });
  await single.getByRole('button', { name: 'zum Serientermin' }).click();
  await expect(page.getByRole('dialog', { name: 'AG Fußball', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'schließen' }).click();

  // The series survives a reload (the server holds it, with its exception).
  await page.reload();
  await gotoMonth(page, '2030', 'März');
  await expect(page.locator('.month-event', { hasText: 'AG Fußball' })).toHaveCount(3);

  // A birthday (Aylin Öztürk, 21 July 1985) shows as an all-day entry; clicking tells the age.
  await gotoMonth(page, '2030', 'Juli');
  await dayEvents(page, '2030-07-21').filter({ hasText: 'Aylin Öztürk' }).click();
  await expect(page.getByText('Aylin Öztürk hat am 21.07.2030 Geburtstag und wird 45 Jahre alt.')).toBeVisible();
});

test('a parent sees the calendar without the add button and cannot edit', async ({ page }) => {
  await login(page, demo.eltern);
  await expect(page).not.toHaveURL('/');
  await page.goto('/110');
  await expect(page.getByRole('button', { name: 'Aktualisieren' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'hinzufügen' })).toHaveCount(0);
  await page.goto('/110?e=0');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('leitung manages categories in the settings tab and subscribes to the private iCalendar feed', async ({
  page,
}) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/110-set');
  const list = page.getByRole('list', { name: 'Kalender' });
  await expect(list.getByRole('button', { name: /Allgemein/ })).toBeVisible();
  // The birthday parameter offers only date parameters.
  await page.getByRole('combobox', { name: 'Parameter Geburtsdatum' }).click();
  await expect(page.getByRole('option')).toHaveText(['keiner', 'Geburtstag']);
  await page.keyboard.press('Escape');

  // The default category cannot be deleted.
  await list.getByRole('button', { name: /Allgemein/ }).click();
  await expect(page.getByRole('button', { name: 'Kalender löschen' })).toBeDisabled();

  // Add, rename and save a category; it gets the default colour.
  await page.getByRole('button', { name: 'Kalender hinzufügen' }).click();
  await expect(page.getByLabel('Farbe')).toHaveValue('#ff0000');
  await page.getByLabel(/^Name/).fill('Ausflüge');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Einstellungen wurden erfolgreich gespeichert')).toBeVisible();
  await expect(list.getByRole('button', { name: /Ausflüge/ })).toBeVisible();

  // Delete it again: the neighbour (the previous, last one) becomes selected.
  await list.getByRole('button', { name: /Ausflüge/ }).click();
  await page.getByRole('button', { name: 'Kalender löschen' }).click();
  await expect(list.getByRole('button', { name: /Ausflüge/ })).toHaveCount(0);
  await expect(page.getByLabel(/^Name/)).toHaveValue('Geburtstage');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Einstellungen wurden erfolgreich gespeichert')).toBeVisible();

  // The feed: a private address that a calendar app can read.
  await page.goto('/110');
  await page.getByRole('button', { name: 'Kalender abonnieren' }).click();
  await page.getByRole('button', { name: 'Adresse erzeugen' }).click();
  const address = page.getByLabel('Abo-Adresse');
  await expect(address).toHaveValue(/\/_api\/000\/110\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await address.inputValue();
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const text = await feed.text();
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain('SUMMARY:Teambesprechung');
  expect(text).toContain('RRULE:FREQ=WEEKLY');

  // 'widerrufen' ends it.
  await page.getByRole('button', { name: 'widerrufen' }).click();
  await expect(address).toHaveCount(0);
  expect((await page.request.get(url)).status()).toBe(404);
});

test('Back on a changed event asks before the input is lost', async ({ page }) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/110');
  await page.getByRole('button', { name: 'hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Termin' });
  await dialog.getByLabel('Titel').fill('Elternabend');
  await page.goBack();
  const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(dialog.getByLabel('Titel')).toHaveValue('Elternabend');
  await page.goBack();
  await question.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/110$/);
});
