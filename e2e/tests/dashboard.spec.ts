import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { formatGermanDay } from '@hortus/contract';
import { dashboardMessages } from '@hortus/contract/modules/dashboard';
import { demo } from '../fixtures';
import { login, logout, pickerInput, typeInPicker } from './helpers';

const title = `Zoo-Ausflug <script>alert(1)</script> ${Date.now()}`;
const plannedTitle = `Geplante Zukunftsmeldung ${Date.now()}`;

async function switchTo(page: Page, user: { nn: string; password: string }): Promise<void> {
  await logout(page);
  await login(page, user);
  await expect(page).not.toHaveURL('/');
  await page.goto('/000');
}

function message(page: Page, name: string) {
  return page.getByRole('article', { name });
}

test('an author posts a message with a feedback form, a group member answers once, the author allows a refill', async ({
  page,
}) => {
  // One journey with five logins (scrypt on a shared machine): more than the default minute.
  test.setTimeout(180_000);
  await login(page, demo.leitung);
  // Other journeys change leitung's last view, so open the dashboard directly.
  await expect(page).not.toHaveURL('/');
  await page.goto('/000');
  const feed = page.getByRole('region', { name: 'Meldungen' });
  await expect(feed).toBeVisible();

  // A message to the group Personal with a feedback form.
  await feed.getByRole('button', { name: 'Meldung', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Neue Meldung' });
  await dialog.getByLabel('Betreff').fill(title);
  await dialog.getByLabel('Text').fill('Wir fahren am Montag in den Zoo.\nTreffpunkt 8 Uhr.');
  const recipients = dialog.getByRole('group', { name: 'Empfänger' });
  // Default recipients (Eltern) are preselected.
  await expect(recipients.getByRole('checkbox', { name: 'Eltern' })).toBeChecked();
  await recipients.getByRole('checkbox', { name: 'Eltern' }).uncheck();
  await recipients.getByRole('checkbox', { name: 'Personal' }).check();
  await dialog.getByRole('checkbox', { name: 'Rückmeldeformular' }).check();
  await dialog.getByRole('button', { name: 'Feld hinzufügen' }).click();
  const field = dialog.getByRole('group', { name: 'Formularfeld 1' });
  await field.getByLabel('Name').fill('Teilnahme');
  await field.getByRole('combobox', { name: 'Typ' }).click();
  await page.getByRole('option', { name: 'Einfachauswahl' }).click();
  await field.getByRole('button', { name: 'Option', exact: true }).click();
  await field.getByRole('textbox', { name: 'Option 1' }).fill('Ja');
  await field.getByRole('button', { name: 'Option', exact: true }).click();
  await field.getByRole('textbox', { name: 'Option 2' }).fill('Nein');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(dashboardMessages.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(message(page, title)).toContainText('Treffpunkt 8 Uhr.');
  // The browser speaks English (playwright.config.ts), the date is German all the same.
  await expect(message(page, title)).toContainText(` · ${formatGermanDay(Date.now())}`);

  // A planned message that only shows from 2099 on.
  await feed.getByRole('button', { name: 'Meldung', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Neue Meldung' });
  await dialog.getByLabel('Betreff').fill(plannedTitle);
  await dialog.getByLabel('Text').fill('Erst in ferner Zukunft sichtbar.');
  await dialog.getByRole('group', { name: 'Empfänger' }).getByRole('checkbox', { name: 'Personal' }).check();
  await dialog.getByRole('checkbox', { name: 'Anzeige planen' }).check();
  await typeInPicker(dialog, 'Anzeigen ab', '010120990800');
  await expect(pickerInput(dialog, 'Anzeigen ab')).toHaveValue('01.01.2099 08:00');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  // The author sees it, marked as planned and without an edit button.
  await expect(message(page, plannedTitle)).toContainText('Geplant: 01.01.2099 08:00');
  await expect(message(page, plannedTitle).getByRole('button', { name: `Bearbeiten: ${plannedTitle}` })).toHaveCount(0);

  // A member of Personal sees the message as text (no markup), answers once, and is locked.
  await switchTo(page, demo.erzieher);
  const received = message(page, title);
  await expect(received).toBeVisible();
  await expect(received.getByText(title)).toBeVisible();
  await expect(page.getByText(plannedTitle)).toHaveCount(0);
  await expect(received.getByRole('button', { name: /Bearbeiten/ })).toHaveCount(0);
  await received.getByRole('radio', { name: 'Ja' }).check();
  await received.getByRole('button', { name: 'Rückmeldung senden' }).click();
  await expect(page.getByText(dashboardMessages.feedbackSent)).toBeVisible();
  await expect(received.getByText('Ihre Rückmeldung wurde gesendet.')).toBeVisible();
  await expect(received.getByRole('radio', { name: 'Ja' })).toBeDisabled();
  await expect(received.getByRole('button', { name: 'Rückmeldung senden' })).toHaveCount(0);
  await page.reload();
  await expect(message(page, title).getByRole('radio', { name: 'Ja' })).toBeChecked();
  await expect(message(page, title).getByRole('button', { name: 'Rückmeldung senden' })).toHaveCount(0);

  // The author sees the results table and allows a refill.
  await switchTo(page, demo.leitung);
  await message(page, title).getByRole('button', { name: 'Rückmeldungen (1)' }).click();
  const results = page.getByRole('dialog', { name: `Rückmeldungen: ${title}` });
  const table = results.getByRole('table', { name: 'Rückmeldungen' });
  await expect(table.getByRole('row').filter({ hasText: 'Jonas Weiß' })).toContainText('Ja');
  await expect(results.getByText('1 - 1 von 1')).toBeVisible();
  await results.getByRole('button', { name: 'Erneutes Ausfüllen erlauben für Jonas Weiß' }).click();
  await expect(results.getByRole('button', { name: 'Erneutes Ausfüllen erlauben für Jonas Weiß' })).toBeDisabled();
  await results.getByRole('button', { name: 'Schließen' }).click();

  // The member may answer again, then the form is locked again.
  await switchTo(page, demo.erzieher);
  const again = message(page, title);
  await again.getByRole('radio', { name: 'Nein' }).check();
  await again.getByRole('button', { name: 'Rückmeldung senden' }).click();
  await expect(again.getByText('Ihre Rückmeldung wurde gesendet.')).toBeVisible();
  await expect(again.getByRole('radio', { name: 'Nein' })).toBeDisabled();

  await switchTo(page, demo.leitung);
  await message(page, title).getByRole('button', { name: 'Rückmeldungen (1)' }).click();
  await expect(
    page.getByRole('table', { name: 'Rückmeldungen' }).getByRole('row').filter({ hasText: 'Jonas Weiß' }),
  ).toContainText('Nein');
  await page.screenshot({ path: 'artifacts/dashboard-results.png', fullPage: true });
  await page.getByRole('button', { name: 'Schließen' }).click();

  // Clean up: the author deletes both messages ('Sicher?').
  for (const name of [title, plannedTitle]) {
    await message(page, name)
      .getByRole('button', { name: `Löschen: ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Sicher?' });
    await confirm.getByRole('button', { name: 'Ja' }).click();
    await expect(message(page, name)).toHaveCount(0);
    await expect(page.getByText(dashboardMessages.deleted).first()).toBeVisible();
  }
});

test('the dashboard settings decide who sees the news feed', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/000-set');
  const widget = page.getByRole('group', { name: 'Widget Meldungen' });
  const who = widget.getByRole('group', { name: 'Wer sieht „Meldungen“?' });
  await expect(who.getByRole('switch', { name: 'Alle' })).toBeChecked();
  await who.getByRole('switch', { name: 'Alle' }).uncheck();
  await who.getByRole('checkbox', { name: 'Verwaltung' }).check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(dashboardMessages.settingsSaved)).toBeVisible();

  await switchTo(page, demo.erzieher);
  // Widget 2 (module 200) stays visible to everybody; only the news feed is gone.
  await expect(page.getByRole('region', { name: 'Abwesenheiten', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Meldungen' })).toHaveCount(0);

  await switchTo(page, demo.leitung);
  await expect(page.getByRole('region', { name: 'Meldungen' })).toBeVisible();
  await page.goto('/000-set');
  const all = page.getByRole('group', { name: 'Wer sieht „Meldungen“?' }).getByRole('switch', { name: 'Alle' });
  // Wait for the saved settings (not a cached copy) before changing them back.
  await expect(all).not.toBeChecked();
  await all.check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(dashboardMessages.settingsSaved)).toBeVisible();

  await switchTo(page, demo.erzieher);
  await expect(page.getByRole('region', { name: 'Meldungen' })).toBeVisible();
  await expect(message(page, 'Sommerfest am Freitag')).toBeVisible();
});

test('no lost input: Escape on a changed dialog asks, Back closes an unchanged dialog and the page stays', async ({
  page,
}) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/000');
  const feed = page.getByRole('region', { name: 'Meldungen' });
  await feed.getByRole('button', { name: 'Meldung', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Meldung' });
  await dialog.getByLabel('Betreff').fill('Nicht verlieren');
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(dialog.getByLabel('Betreff')).toHaveValue('Nicht verlieren');

  // Back with changes asks as well; discarding closes the dialog on the same page.
  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/000$/);

  // Back with an unchanged dialog closes it; the page stays.
  await feed.getByRole('button', { name: 'Meldung', exact: true }).click();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/000$/);
  await expect(feed).toBeVisible();
});
