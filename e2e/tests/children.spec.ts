import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { messages } from '@hortus/contract';
import { demo } from '../fixtures';
import { login, typeInPicker } from './helpers';

const className = 'E2E-Klasse';
const weekdayNames = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];
const todayWeekday = () =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', weekday: 'long' }).format(new Date());

async function open(page: Page, path: string): Promise<void> {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto(path);
}

const row = (page: Page, text: string) => page.getByTestId('children-table').getByRole('row').filter({ hasText: text });

test('leitung adds a class and a child, checks it in, releases it, undoes the release, adds a recurring exception; creates a parent account and downloads its letter; sees an exception on widget 2', async ({
  page,
}) => {
  // A long journey (class, child, statuses, exception, parent account, letter): more than the default minute
  // when the machine is shared.
  test.setTimeout(120_000);
  await open(page, '/200-set');
  const classes = page
    .getByRole('heading', { name: 'Klassen' })
    .locator('xpath=ancestor::div[contains(@class,"MuiPaper")][1]');
  await classes.getByRole('button', { name: 'Klasse', exact: true }).click();
  const entry = classes.getByTestId('class-entry').last();
  await expect(entry.getByLabel('Name')).toHaveValue('Neu');
  await entry.getByLabel('Name').fill(className);
  await entry.getByRole('group', { name: 'Bearbeiten' }).getByLabel('Verwaltung').check();
  await classes.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(messages.settingsSaved)).toBeVisible();

  await page.goto('/200');
  await page.getByRole('button', { name: 'Kind anlegen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Vorname').fill('Erika');
  await dialog.getByLabel('Nachname').fill('Testkind');
  await dialog.getByLabel('Klasse').click();
  await page.getByRole('option', { name: className }).click();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(messages.dataSaved)).toBeVisible();
  await page.getByLabel('Suche').fill('Testkind');
  const child = row(page, 'Testkind');
  await expect(child).toContainText(className);

  // 0 → 1 → 2 → Rückg. (back to 1).
  const status = child.getByRole('button', { name: /Abwesend|Anwesend|Entlassen/ });
  await status.click();
  await expect(status).toHaveText(/^Anwesend seit \d\d:\d\d$/);
  await status.click();
  // A child without a permission to go home alone is released only to a named person (issue 44).
  const release = page.getByRole('dialog', { name: 'Erika Testkind entlassen' });
  await expect(release.getByRole('alert')).toHaveText('nur mit Abholperson');
  await release.getByRole('radio', { name: 'andere Person' }).check();
  await release.getByLabel('Name der Person').fill('Oma Erna');
  await release.getByRole('button', { name: 'Entlassen' }).click();
  await expect(status).toHaveText(/^Entlassen \d\d:\d\d$/);
  await status.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rückg.' }).click();
  await expect(status).toHaveText(/^Anwesend seit \d\d:\d\d$/);

  // A recurring exception for today's weekday changes the release time. The dialog loads the child's
  // details (getKind) when it opens; the list load carries none.
  const detailsLoad = page.waitForResponse((r) => r.url().includes('func=getKind'));
  await child.getByRole('cell').first().click();
  const details = (await (await detailsLoad).json()) as { status: string; kind: { nachname: string } };
  expect(details.status).toBe('success');
  expect(details.kind.nachname).toBe('Testkind');
  await dialog.getByRole('button', { name: 'Regelausnahme' }).click();
  await dialog.getByLabel('Wochentag').click();
  await page.getByRole('option', { name: todayWeekday() }).click();
  await typeInPicker(dialog, 'Entlasszeit', '1345');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(messages.dataSaved)).toBeVisible();
  await expect(child).toContainText('13:45 (Regelausnahme)');
  expect(weekdayNames).toContain(todayWeekday());

  // A one-off exception, then an attachment on it (checked by content on the server).
  await child.getByRole('cell').first().click();
  await dialog.getByRole('tab', { name: 'Ausnahmen' }).click();
  await dialog.getByRole('button', { name: 'Ausnahme', exact: true }).click();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(messages.dataSaved).first()).toBeVisible();
  await child.getByRole('cell').first().click();
  await dialog.getByRole('tab', { name: 'Ausnahmen' }).click();
  await dialog
    .getByTestId('exception-attachments')
    .locator('input[type=file]')
    .setInputFiles({ name: 'Attest.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(dialog.getByTestId('exception-attachments')).toContainText('Attest.pdf');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();

  // Parent account with a start password, then its login letter.
  await page.goto('/200-100');
  await page.getByRole('button', { name: 'Elternkonto anlegen' }).click();
  const parent = page.getByRole('dialog');
  await parent.getByLabel('Benutzername').fill('e2e-eltern');
  await parent.getByLabel('Nachname').fill('Testkind');
  await parent.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('parent-password')).toContainText('Startpasswort:');
  await page.getByRole('button', { name: 'Schließen' }).click();
  await page.getByRole('row').filter({ hasText: 'e2e-eltern' }).click();
  await expect(page).toHaveURL(/\/200-100\?e=\d+/);
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'Zugangsdaten' }).click();
  expect((await downloadPromise).suggestedFilename()).toBe('Zugangsdaten_e2e-eltern.pdf');

  // Widget 2 on the dashboard lists today's demo exceptions.
  await page.goto('/000');
  await page.getByLabel('Suche').fill('Arzttermin');
  await expect(page.getByTestId('w2-table')).toContainText('Abwesend');
  await page.getByTestId('w2-table').getByRole('row').filter({ hasText: 'Arzttermin' }).click();
  await expect(page.getByRole('dialog')).toContainText('Arzttermin');
});

test('child dialog: an invalid phone on Familie, Speichern from Kind opens Familie with its error count and the message goes when fixed; Escape on a typed parent account asks first (issue 31)', async ({
  page,
}) => {
  await open(page, '/200');
  await page.getByRole('button', { name: 'Kind anlegen' }).click();
  const dialog = page.getByTestId('child-dialog');
  await dialog.getByLabel('Vorname').fill('Fehler');
  await dialog.getByLabel('Nachname').fill('Testkind');
  // No class is preselected for a new child (issue 47).
  await dialog.getByLabel('Klasse').click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('tab', { name: 'Familie' }).click();
  await dialog.getByRole('button', { name: 'Nummer', exact: true }).click();
  await dialog.getByLabel('Name', { exact: true }).fill('Mutter');
  await dialog.getByRole('textbox', { name: 'Telefonnummer' }).fill('0170 <1234>');
  await dialog.getByRole('tab', { name: 'Kind', exact: true }).click();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  const family = dialog.getByRole('tab', { name: /^Familie/ });
  await expect(family).toHaveAttribute('aria-selected', 'true');
  await expect(family).toHaveAccessibleName('Familie 1 Fehler');
  await expect(dialog.getByText('Enthält unerlaubte Zeichen')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Telefonnummer' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Telefonnummer' }).fill('0170 1234');
  await expect(dialog.getByText('Enthält unerlaubte Zeichen')).toBeHidden();
  await expect(family).toHaveAccessibleName('Familie');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Änderungen verwerfen?')).toBeVisible();
  await page.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/200-100');
  await page.getByRole('button', { name: 'Elternkonto anlegen' }).click();
  const parent = page.getByTestId('parent-dialog');
  await parent.getByLabel('Benutzername').fill('e2e-verworfen');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Änderungen verwerfen?')).toBeVisible();
  await page.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(parent.getByLabel('Benutzername')).toHaveValue('e2e-verworfen');
  // Back asks too, and Verwerfen closes.
  await page.goBack();
  await page.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(parent).toBeHidden();
  await expect(page).toHaveURL('/200-100');
});

test('at 1366 px the toolbar keeps a usable search and no overlapping buttons; /200neu is the child administration (issue 47)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, '/200neu');
  await expect(page).toHaveURL(/\/200neu$/);
  await expect(page.getByTestId('children-table')).toBeVisible();
  const toolbar = page.getByTestId('children-toolbar');
  const search = toolbar.getByLabel('Suche');
  expect((await search.boundingBox())?.width ?? 0).toBeGreaterThan(150);
  await search.fill('zz-niemand');
  await expect(search).toHaveValue('zz-niemand');
  await search.fill('');
  const boxes = [];
  for (const button of await toolbar.getByRole('button').all()) {
    const box = await button.boundingBox();
    if (box) boxes.push({ name: (await button.textContent()) ?? '', ...box });
  }
  expect(boxes.map((box) => box.name)).toEqual(expect.arrayContaining(['Kind anlegen', 'Ausweise für alle']));
  for (const [index, a] of boxes.entries()) {
    for (const b of boxes.slice(index + 1)) {
      const apart =
        a.x + a.width <= b.x + 0.5 ||
        b.x + b.width <= a.x + 0.5 ||
        a.y + a.height <= b.y + 0.5 ||
        b.y + b.height <= a.y + 0.5;
      expect(apart, `${a.name} / ${b.name}`).toBe(true);
    }
  }
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('shows cards below 700 px; a check-in made offline waits and is sent when back online', async ({
    page,
    context,
  }) => {
    await open(page, '/200');
    const cards = page.getByTestId('children-table');
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    const card = cards
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Abwesend$/ }) })
      .first();
    const name = await card.textContent();
    const button = card.getByRole('button', { name: /^Abwesend$/ });
    await context.setOffline(true);
    await button.click();
    await expect(page.getByTestId('status-queue')).toBeVisible();
    const nachname = (name ?? '').replace(/^Nachname/, '').split('Vorname')[0] ?? '';
    await expect(cards.getByRole('button', { name: /ausstehend/ })).toHaveCount(1);
    await context.setOffline(false);
    await expect(page.getByTestId('status-queue')).toHaveCount(0);
    await page.reload();
    await page.getByLabel('Suche').fill(nachname);
    await expect(cards.getByRole('button', { name: /^Anwesend seit/ }).first()).toBeVisible();
  });
});
