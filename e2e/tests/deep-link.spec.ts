import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { attendanceMessages } from '@hortus/contract/modules/attendance';
import { demo, fixtureUsers } from '../fixtures';
import { attendanceSlotQrValue, login, logout } from './helpers';

const slotName = 'Dienstbesprechung';

/** The demo slot's QR value as its admin loads it (the QR PDF encodes /150?sa=<value>). */
async function demoSlotQrValue(page: Page): Promise<string> {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/150');
  await expect(page.getByTestId(/^slot-/).filter({ hasText: slotName })).toBeVisible();
  const qr = await attendanceSlotQrValue(page, slotName);
  await logout(page);
  return qr;
}

/** Fills the login form that is already on screen (no new page load). */
async function submitLogin(page: Page, user: { nn: string; password: string }): Promise<void> {
  await page.getByLabel('Benutzername').fill(user.nn);
  await page.getByLabel('Passwort').fill(user.password);
  await page.getByLabel('Passwort').press('Enter');
}

test('a QR check-in link opened logged out is kept through the login and checks the user in', async ({ page }) => {
  const qr = await demoSlotQrValue(page);

  await page.goto(`/150?sa=${qr}`);
  await expect(page).toHaveURL('/');
  await expect(page.getByLabel('Benutzername')).toBeVisible();
  await submitLogin(page, demo.erzieher);
  await expect(page.getByText(`${attendanceMessages.qrCheckedIn} (${slotName})`)).toBeVisible();
  await expect(page).toHaveURL(/\/150$/);

  // Opened once: the next login goes to the usual start route, not the check-in again.
  await logout(page);
  await submitLogin(page, demo.erzieher);
  await expect(page).not.toHaveURL('/');
  await expect(page).not.toHaveURL(/sa=/);
  await expect(page.getByText(attendanceMessages.qrCheckedIn, { exact: false })).toBeHidden();
});

test('a deep link into a module that is no menu link of the user opens the usual start route', async ({ page }) => {
  const ohnetab = fixtureUsers[0];
  await page.goto('/150?sa=AbCdEfGhIjKlMnOpQrStUv');
  await expect(page).toHaveURL('/');
  await submitLogin(page, ohnetab);
  await expect(page).toHaveURL(/\/999/);
  await expect(page.getByText('Zugriff verweigert')).toBeVisible();
});
