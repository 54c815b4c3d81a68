import { expect, type Page } from '@playwright/test';

export async function login(page: Page, user: { nn: string; password: string }): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Benutzername').fill(user.nn);
  await page.getByLabel('Passwort').fill(user.password);
  await page.getByLabel('Passwort').press('Enter');
}

export async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
}

/** Logs out through the menu and waits until the login screen has fully replaced the app. */
export async function logout(page: Page): Promise<void> {
  await openMenu(page);
  await page.getByText('Ausloggen').click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('load');
}
