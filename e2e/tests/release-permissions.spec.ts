import type { Browser, Page } from '@playwright/test';
import { messages } from '@hortus/contract';
import { releaseMessages } from '@hortus/contract/modules/children';
import { demo, fixtureFamilies } from '../fixtures';
import { login, typeInPicker } from './helpers';
import { expect, test } from './test';

/**
 * Issue 44 at the release: a parent on the phone gives what applies (a standing permission with a pickup
 * person, a same-day change, a consent); staff see it where they release the child. Each journey has a
 * family of its own (fixtureFamilies), so no other spec file's reports change what applies.
 */

/** MUI's error.main, the colour of parents' changes for today. */
const red = 'rgb(211, 47, 47)';
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

const berlin = (options: Intl.DateTimeFormatOptions, date = new Date()) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', ...options }).format(date);
/** 'DDMMYYYY' of today + offset days in Berlin, as typed into a date picker. */
const typedDay = (offset: number) =>
  berlin({ day: '2-digit', month: '2-digit', year: 'numeric' }, new Date(Date.now() + offset * 86_400_000)).replaceAll(
    '.',
    '',
  );
/** Today's weekday as the permission's checkboxes name it ('Mo' … 'So'). */
const todayShort = () => berlin({ weekday: 'short' }).replace('.', '');
/** 10:00 Berlin time today: the staff's browser clock, so a release is before 14:00 whenever the test runs. */
function berlinMorning(): Date {
  const now = new Date();
  const [hour = 0, minute = 0] = berlin({ hour: '2-digit', minute: '2-digit' }, now).split(':').map(Number);
  return new Date(now.getTime() - (hour * 60 + minute - 600) * 60_000);
}

async function openAs(page: Page, user: { nn: string; password: string }, path: string): Promise<void> {
  await login(page, user);
  await expect(page).not.toHaveURL('/');
  await page.goto(path);
}

/** A desktop page of the Hort's leitung, its clock at 10:00 today. */
async function staffPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.clock.setFixedTime(berlinMorning());
  await openAs(page, demo.leitung, path);
  return page;
}

/** The child's row in 200's table, checked in (from whatever state it is in). */
async function checkedIn(staff: Page, nachname: string) {
  await staff.getByLabel('Suche').fill(nachname);
  const row = staff.getByTestId('children-table').getByRole('row').filter({ hasText: nachname });
  const status = row.getByRole('button', { name: /Abwesend|Anwesend|Entlassen/ });
  await expect(status).toBeVisible({ timeout: 30_000 });
  const shown = (await status.textContent()) ?? '';
  if (/^Abwesend/.test(shown)) await status.click();
  // Shown as released (seen in CI after the class's release time): undo the release as staff do.
  if (/^Entlassen/.test(shown)) {
    await status.click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Rückg.' }).click();
  }
  await expect(status).toHaveText(/^Anwesend seit \d\d:\d\d$/);
  return { row, status };
}

test.describe('phone', () => {
  test.use(phone);
  // Three logins and two browsers each: more than the default minute when the machine is shared.
  test.describe.configure({ timeout: 120_000 });

  test('a parent allows going home alone from 14:00 and adds a pickup person; staff see both and confirm an early release', async ({
    browser,
    page,
  }) => {
    const family = fixtureFamilies.erlaubnis;
    await openAs(page, family, '/210-100');
    const card = page.getByTestId(/^permissions-\d+$/).filter({ hasText: `${family.vorname} ${family.nachname}` });
    await card.getByRole('switch', { name: 'Darf allein nach Hause gehen' }).check();
    const days = new Set(['Mo', 'Di', 'Mi', 'Do', todayShort()]);
    for (const day of ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']) {
      await card.getByRole('checkbox', { name: day, exact: true }).setChecked(days.has(day));
    }
    await typeInPicker(card, 'Ab (Uhrzeit)', '1400');
    await card.getByRole('button', { name: 'Erlaubnis speichern' }).click();
    const permission = card.getByTestId(/^permission-text-/);
    await expect(permission).toContainText('darf allein nach Hause gehen ab 14:00 Uhr');
    await expect(permission).toContainText(`von ${family.ident}`);

    await card.getByRole('button', { name: 'Person', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Abholberechtigte Person hinzufügen' });
    await dialog.getByLabel('Name', { exact: true }).fill('Herr Nachbar');
    await dialog.getByLabel('Beziehung (z. B. Oma)').fill('Nachbar');
    await typeInPicker(dialog, 'Gültig ab', typedDay(0));
    await typeInPicker(dialog, 'Gültig bis', typedDay(7));
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('pickup-person')).toContainText('Herr Nachbar (Nachbar)');

    const staff = await staffPage(browser, '/200');
    const { row, status } = await checkedIn(staff, family.nachname);
    await expect(row.getByTestId(/^abholung-/)).toHaveText('allein ab 14:00');
    await status.click();
    const release = staff.getByRole('dialog', { name: `${family.vorname} ${family.nachname} entlassen` });
    await expect(release.getByTestId('release-today')).toHaveText('allein ab 14:00');
    await expect(release).toContainText('Herr Nachbar (Nachbar)');
    await expect(release).toContainText(releaseMessages.aloneTooEarly('14:00'));
    await release.getByRole('button', { name: 'Trotzdem allein entlassen' }).click();
    await expect(status).toHaveText(/^Entlassen \d\d:\d\d$/);
    await staff.context().close();
  });

  test('a parent lists Oma Gerda and reports "wird heute abgeholt von" her in the report form before the deadline; staff see it in red and release the child to her', async ({
    browser,
    page,
  }) => {
    const family = fixtureFamilies.abholung;
    // The deadline for today's changes at the end of the day, so the journey is before it at any hour.
    const staff = await staffPage(browser, '/210-set');
    await typeInPicker(staff, 'Abholung heute ändern bis', '2359');
    await staff.getByRole('button', { name: 'Speichern' }).click();
    await expect(staff.getByText(messages.settingsSaved)).toBeVisible();

    // Oma Gerda becomes a listed pickup person on the 'Kontakt' tab: a version of the list, by the parent.
    await openAs(page, family, '/210-100');
    const card = page.getByTestId(/^permissions-\d+$/).filter({ hasText: `${family.vorname} ${family.nachname}` });
    await card.getByRole('button', { name: 'Person', exact: true }).click();
    const person = page.getByRole('dialog', { name: 'Abholberechtigte Person hinzufügen' });
    await person.getByLabel('Name', { exact: true }).fill('Oma Gerda');
    await person.getByLabel('Beziehung (z. B. Oma)').fill('Oma');
    await person.getByRole('button', { name: 'Speichern' }).click();
    await expect(person).toBeHidden();
    await expect(card.getByTestId('pickup-changed')).toContainText(`Zuletzt geändert von ${family.ident}`);

    // The same-day change is a kind of the report form, next to absence and release time.
    await page.goto('/210');
    const kind = page.getByRole('radio', { name: 'Wird heute abgeholt von …' });
    // The first load after the login may take long on a shared machine.
    await expect(kind).toBeVisible({ timeout: 30_000 });
    await kind.check();
    const form = page.getByTestId('pickup-change');
    await expect(form).toContainText('Änderungen der Abholung für heute bis 23:59 Uhr.');
    await expect(form.getByTestId('pickup-today')).toHaveText('Was heute gilt: nur mit Abholperson');
    await expect(form.getByRole('radio', { name: 'Oma Gerda' })).toBeChecked();
    await form.getByRole('button', { name: 'Senden' }).click();
    await expect(form.getByTestId('pickup-today')).toHaveText('Was heute gilt: heute: Oma Gerda');

    await staff.goto('/200');
    const { row, status } = await checkedIn(staff, family.nachname);
    const today = row.getByTestId(/^abholung-/);
    await expect(today).toHaveText(/^heute: Oma Gerda \(gemeldet \d\d\.\d\d\.\d{4} \d\d:\d\d\)$/);
    await expect(today).toHaveCSS('color', red);
    await status.click();
    const release = staff.getByRole('dialog', { name: `${family.vorname} ${family.nachname} entlassen` });
    await expect(release.getByTestId('release-today')).toContainText('heute: Oma Gerda (gemeldet ');
    await release.getByRole('radio', { name: 'Oma Gerda' }).check();
    await release.getByRole('button', { name: 'Entlassen', exact: true }).click();
    await expect(status).toHaveText(/^Entlassen \d\d:\d\d$/);
    await expect(today).toContainText('abgeholt von Oma Gerda');
    await staff.context().close();
  });

  test('the office asks for a consent, a parent gives it on the phone, the office sees the answer and the consent in force in the child dialog', async ({
    browser,
    page,
  }) => {
    const family = fixtureFamilies.einwilligung;
    const title = `Ausflug Zoo ${Date.now()}`;
    const staff = await staffPage(browser, '/200');
    await staff.getByRole('button', { name: 'Einwilligungen' }).click();
    const consents = staff.getByRole('dialog', { name: 'Einwilligungen' });
    const ask = consents.getByRole('region', { name: 'Neue Anfrage' });
    await ask.getByLabel('Titel').fill(title);
    await ask.getByLabel('Zweck').fill('Ausflug in den Zoo mit Straßenbahnfahrt');
    await ask.getByLabel('Text', { exact: true }).fill('Wir fahren mit der Straßenbahn in den Zoo.');
    for (const box of await ask.getByRole('checkbox').all()) await box.check();
    await ask.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(staff.getByText('Anfrage gesendet.')).toBeVisible();

    await openAs(page, family, '/210-100');
    const request = page.getByTestId(/^consent-\d+$/).filter({ hasText: title });
    const answer = request.getByTestId(/^consent-\d+-\d+$/).filter({ hasText: family.vorname });
    await expect(answer).toContainText('noch nicht beantwortet', { timeout: 30_000 });
    await answer.getByRole('button', { name: 'Ja, ich willige ein' }).click();
    await expect(answer).toContainText('eingewilligt (');

    await staff.reload();
    await staff.getByRole('button', { name: 'Einwilligungen' }).click();
    const seen = staff.getByTestId(/^consent-request-\d+$/).filter({ hasText: title });
    await expect(seen).toContainText(`Ja (1): ${family.vorname} ${family.nachname}`);
    await staff.keyboard.press('Escape');
    await expect(staff.getByRole('dialog')).toHaveCount(0);

    // Where staff release the child: its dialog lists the consent in force.
    await staff.getByLabel('Suche').fill(family.nachname);
    const row = staff.getByTestId('children-table').getByRole('row').filter({ hasText: family.nachname });
    await row.getByRole('cell').first().click();
    const child = staff.getByRole('dialog');
    await child.getByRole('tab', { name: 'Abholung & Gesundheit' }).click();
    await expect(child.getByTestId('consent-in-force').filter({ hasText: title })).toBeVisible();
    await staff.context().close();
  });
});
