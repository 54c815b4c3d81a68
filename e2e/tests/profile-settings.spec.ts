import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { messages } from '@hortus/contract';
import { appSettingsMessages } from '@hortus/contract/modules/app-settings';
import { profileMessages } from '@hortus/contract/modules/profile';
import { demo, e2eAdmin, fixtureUsers } from '../fixtures';
import { chooseOwnPassword, clearPickerDay, login, logout, pickerInput } from './helpers';

const startPasswordUser = fixtureUsers.find((user) => user.nn === 'startpw') ?? { nn: 'startpw', password: '' };

const passwordField = (page: Page, name: 'oldPassword' | 'newPassword' | 'repeat') =>
  page.locator(`input[name="${name}"]`);

async function changePassword(page: Page, oldPassword: string, newPassword: string): Promise<void> {
  await passwordField(page, 'oldPassword').fill(oldPassword);
  await passwordField(page, 'newPassword').fill(newPassword);
  await passwordField(page, 'repeat').fill(newPassword);
  await passwordField(page, 'repeat').press('Enter');
}

test('an account on its start password chooses its own at the first login; the start password then stops working', async ({
  page,
}) => {
  const own = 'Eigenes#Start-2026';
  await login(page, startPasswordUser);
  await expect(page.getByTestId('choose-password')).toContainText(messages.choosePassword);
  await page.screenshot({ path: 'artifacts/choose-password.png' });
  const newPw = page.getByLabel(messages.newPassword, { exact: true });
  const repeat = page.getByLabel(messages.repeatPassword, { exact: true });
  const save = page.getByRole('button', { name: 'Passwort speichern und anmelden' });
  // Different repeats are caught at once; a too short password is refused on its field.
  await newPw.fill('kurz');
  await repeat.fill('kurx');
  await expect(page.getByText(messages.passwordsDiffer)).toBeVisible();
  await expect(save).toBeDisabled();
  await repeat.fill('kurz');
  await save.click();
  await expect(page.getByText('Mindestens 8 Zeichen angeben')).toBeVisible();
  await chooseOwnPassword(page, own);
  // The app opens on the profile (its only menu link), without the password notice.
  await expect(page).toHaveURL('/010');
  await expect(page.getByRole('tab', { name: 'Meine Daten' })).toBeVisible();
  await expect(page.getByTestId('password-notice')).toHaveCount(0);

  await logout(page);
  await login(page, startPasswordUser);
  await expect(page.getByText('Logindaten ungültig.')).toBeVisible();
  await login(page, { nn: startPasswordUser.nn, password: own });
  await expect(page).toHaveURL('/010');
});

test('a parent changes the password in the profile', async ({ page }) => {
  const newPassword = 'Eltern#Neu-2026';
  await login(page, demo.eltern);
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  await page.goto('/010-010');
  await expect(page.getByLabel('Benutzername')).toHaveValue(demo.eltern.nn);

  // The save button appears only when the form is valid and both new passwords match.
  const save = page.getByRole('button', { name: 'Speichern' });
  await passwordField(page, 'oldPassword').fill('falsch');
  await passwordField(page, 'newPassword').fill(newPassword);
  await passwordField(page, 'repeat').fill(`${newPassword}x`);
  await expect(page.getByText(profileMessages.passwordsDiffer)).toBeVisible();
  await expect(save).toHaveCount(0);
  await passwordField(page, 'newPassword').fill('kurz');
  await expect(page.getByText('Mindestens 8 Zeichen angeben')).toBeVisible();

  // A wrong old password is refused.
  await changePassword(page, 'Falsch#2026', newPassword);
  await expect(page.getByTestId('alert')).toHaveText(profileMessages.wrongOldPassword);
  await expect(passwordField(page, 'oldPassword')).toHaveValue('Falsch#2026');

  await passwordField(page, 'oldPassword').fill(demo.eltern.password);
  await save.click();
  await expect(page.getByTestId('alert')).toHaveText(profileMessages.passwordChanged);
  await expect(passwordField(page, 'oldPassword')).toHaveValue('');
  await expect(passwordField(page, 'newPassword')).toHaveValue('');
  await expect(page.getByText('Bitte angeben.')).toHaveCount(0);

  await logout(page);
  await login(page, { nn: demo.eltern.nn, password: demo.eltern.password });
  await expect(page.getByText('Logindaten ungültig.')).toBeVisible();
  await login(page, { nn: demo.eltern.nn, password: newPassword });
  await expect(page).not.toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();

  // Restore the demo password for other journeys.
  await page.goto('/010-010');
  await changePassword(page, newPassword, demo.eltern.password);
  await expect(page.getByTestId('alert')).toHaveText(profileMessages.passwordChanged);
});

test('a staff member edits own data and finds it saved after a reload', async ({ page }) => {
  await login(page, demo.erzieher);
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  await page.goto('/010');
  await expect(page).toHaveTitle(/^Meine Daten – /);
  const phone = page.getByLabel('Telefon');
  await expect(phone).toHaveValue('0351 234567');
  const save = page.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeDisabled();

  await phone.fill('0351 abc');
  await expect(page.getByText('Enthält unerlaubte Zeichen')).toBeVisible();
  await expect(save).toBeDisabled();
  await phone.fill('0351 999888');
  await expect(save).toBeEnabled();
  await page.screenshot({ path: 'artifacts/own-data.png', fullPage: true });
  await save.click();
  await expect(page.getByTestId('alert')).toHaveText(profileMessages.dataSaved);
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByLabel('Telefon')).toHaveValue('0351 999888');

  await page.getByLabel('Telefon').fill('0351 234567');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('alert')).toHaveText(profileMessages.dataSaved);
});

test('the admin changes the app title and colour; the login screen follows', async ({ page }) => {
  const original = { title: 'Hort Sonnenschein', colour: '#2e7d32' };
  const changed = { title: 'Hort Regenbogen', colour: '#6a1b9a' };

  await login(page, e2eAdmin);
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  await page.goto('/001');
  const title = page.getByLabel('App-Titel');
  await expect(title).toHaveValue(original.title);
  const save = page.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeDisabled();

  await title.fill(changed.title);
  await page.getByLabel('Primärfarbe', { exact: true }).fill(changed.colour);
  // Live preview of the primary colour.
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(106, 27, 154)');
  await expect(save).toBeEnabled();
  await page.screenshot({ path: 'artifacts/app-settings.png', fullPage: true });
  await save.click();
  await expect(page.getByTestId('alert')).toHaveText(appSettingsMessages.saved);
  await expect(page).toHaveTitle(`App-Einstellungen – ${changed.title}`);
  await expect(save).toBeDisabled();

  await logout(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(changed.title);
  await expect(page).toHaveTitle(changed.title);

  // Restore the demo settings for other journeys; leaving unsaved edits restores the saved colour.
  await login(page, e2eAdmin);
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  await page.goto('/001');
  await page.getByLabel('App-Titel').fill(original.title);
  await page.getByLabel('Primärfarbe', { exact: true }).fill(original.colour);
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(46, 125, 50)');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('alert')).toHaveText(appSettingsMessages.saved);
  await expect(page).toHaveTitle(`App-Einstellungen – ${original.title}`);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('an incomplete birthday says the format and blocks Speichern; the stored date stays (issue 47)', async ({
    page,
  }) => {
    await login(page, demo.erzieher);
    await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
    await page.goto('/010');
    await expect(page).toHaveTitle(/^Meine Daten – /);
    const birthday = pickerInput(page, 'Geburtstag');
    await expect(birthday).toHaveValue('03.11.1991');
    const save = page.getByRole('button', { name: 'Speichern' });
    await expect(save).toBeDisabled();
    // Clearing only the day part is an incomplete date, not an empty one.
    await clearPickerDay(page, 'Geburtstag');
    await expect(page.getByText('Bitte im folgenden Format angeben: TT.MM.YYYY')).toBeVisible();
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(pickerInput(page, 'Geburtstag')).toHaveValue('03.11.1991');
  });
});
