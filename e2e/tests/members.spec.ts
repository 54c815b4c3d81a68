import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { membersMessages } from '@hortus/contract/modules/members';
import { demo } from '../fixtures';
import { login, logout } from './helpers';

const memberRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Mitglieder' }).getByRole('row').filter({ hasText: name });

async function openDirectory(page: Page, user: { nn: string; password: string }): Promise<void> {
  await login(page, user);
  await expect(page).not.toHaveURL('/');
  await page.goto('/100');
  await expect(page.getByRole('table', { name: 'Mitglieder' })).toBeVisible();
}

test('leitung searches the directory, the filter survives a reload, a member opens and "zurück" leads to the list; offline a member not viewed before shows the offline message', async ({
  page,
  context,
}) => {
  await openDirectory(page, demo.leitung);
  await expect(memberRow(page, 'Sabine Krüger')).toBeVisible();
  await expect(memberRow(page, 'Jonas Weiß')).toBeVisible();
  // The list shows the seeOnTable parameters of the demo (e-mail, phone) as columns.
  await expect(page.getByRole('columnheader', { name: 'Telefon' })).toBeVisible();

  // The search is remembered on the device.
  await page.getByLabel('Suche').fill('weiß');
  await expect(memberRow(page, 'Jonas Weiß')).toBeVisible();
  await expect(memberRow(page, 'Sabine Krüger')).toBeHidden();
  await page.reload();
  await expect(page.getByLabel('Suche')).toHaveValue('weiß');
  await expect(memberRow(page, 'Jonas Weiß')).toBeVisible();
  await expect(memberRow(page, 'Sabine Krüger')).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('f100_filter'))).toBe('weiß');

  // Detail and back.
  await memberRow(page, 'Jonas Weiß').click();
  await expect(page).toHaveURL(/\/100\?u=\d+$/);
  await expect(page.getByRole('heading', { name: 'Jonas Weiß' })).toBeVisible();
  await expect(page.getByLabel('Telefon')).toHaveValue('0351 234567');
  await page.screenshot({ path: 'artifacts/members-detail.png', fullPage: true });
  await page.getByRole('button', { name: membersMessages.back }).click();
  await expect(page).toHaveURL(/\/100\?u=$/);
  await expect(page.getByLabel('Suche')).toHaveValue('weiß');
  await page.getByLabel('Suche').fill('');
  await expect(memberRow(page, 'Aylin Öztürk')).toBeVisible();
  await page.screenshot({ path: 'artifacts/members-list.png', fullPage: true });

  // Without network: a member viewed before shows from the device cache, one not viewed before does not.
  await context.setOffline(true);
  await memberRow(page, 'Jonas Weiß').click();
  await expect(page.getByText('KEINE NETZWERKVERBINDUNG')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Jonas Weiß' })).toBeVisible();
  await page.getByRole('button', { name: membersMessages.back }).click();
  await memberRow(page, 'Aylin Öztürk').click();
  await expect(page.getByText(membersMessages.noOfflineData)).toBeVisible();
  await page.screenshot({ path: 'artifacts/members-offline.png', fullPage: true });
  await context.setOffline(false);
});

test('a staff member sees a member detail with the group selection disabled', async ({ page }) => {
  await openDirectory(page, demo.erzieher);
  await memberRow(page, 'Sabine Krüger').click();
  await expect(page.getByRole('heading', { name: 'Sabine Krüger' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Verwaltung' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Verwaltung' })).toBeDisabled();
});

test('the office corrects a phone number in the member detail; it is saved for everyone, staff may only read it', async ({
  page,
}) => {
  await openDirectory(page, demo.leitung);
  await memberRow(page, 'Peter Schäfer').click();
  await expect(page.getByRole('heading', { name: 'Peter Schäfer' })).toBeVisible();
  // The demo lets the Verwaltung group edit phone numbers here (f100 bearbeiten); names stay read-only.
  await expect(page.getByLabel('Vorname')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeHidden();
  await page.getByLabel('Telefon').fill('(0160) 1111111');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(membersMessages.dataSaved)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Peter Schäfer' })).toBeVisible();
  await expect(page.getByLabel('Telefon')).toHaveValue('(0160) 1111111');
  // The stored number is a tel: link (digits only).
  await expect(page.getByRole('link', { name: '(0160) 1111111 anrufen' })).toHaveAttribute('href', 'tel:01601111111');
  await page.getByRole('button', { name: membersMessages.back }).click();
  await expect(memberRow(page, 'Peter Schäfer')).toContainText('(0160) 1111111');
  await logout(page);

  await openDirectory(page, demo.erzieher);
  await memberRow(page, 'Peter Schäfer').click();
  await expect(page.getByLabel('Telefon')).toHaveValue('(0160) 1111111');
  await expect(page.getByLabel('Telefon')).toBeDisabled();
  await expect(page.getByRole('link', { name: '(0160) 1111111 anrufen' })).toHaveAttribute('href', 'tel:01601111111');
});
