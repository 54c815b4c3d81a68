import type { Page } from '@playwright/test';
import { appSettingsMessages } from '@hortus/contract/modules/app-settings';
import { demo, e2eAdmin } from '../fixtures';
import { login, logout } from './helpers';
import { expect, test } from './test';

// One organisation per worker: the journey puts the demo's opening hours back at its end.
test.describe.configure({ mode: 'serial' });

const demoHours = 'Montag bis Freitag 11:30 – 17:00 Uhr\nIn den Ferien 7:30 – 16:00 Uhr';
const newHours = 'Montag bis Donnerstag 12:00 – 18:00 Uhr\nFreitag 12:00 – 16:00 Uhr';

/** The admin sets the facility's opening hours in /001 'Einrichtung' and saves. */
async function setHours(page: Page, hours: string): Promise<void> {
  await login(page, e2eAdmin);
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  await page.goto('/001');
  const facility = page.getByRole('region', { name: 'Einrichtung' });
  await expect(facility.getByLabel('Name')).toHaveValue('Hort Sonnenschein');
  await facility.getByLabel('Öffnungszeiten').fill(hours);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(appSettingsMessages.saved)).toBeVisible();
  await logout(page);
}

test("the admin changes the opening hours in /001 'Einrichtung'; the login screen and a parent's 'Kontakt' tab show them", async ({
  page,
}) => {
  await setHours(page, newHours);
  try {
    await page.goto('/');
    await page.getByRole('button', { name: 'Kontakt und Öffnungszeiten' }).click();
    const panel = page.getByTestId('login-facility');
    await expect(panel).toContainText('Montag bis Donnerstag 12:00 – 18:00 Uhr');
    await expect(panel).toContainText('Lindenweg 12');
    await expect(panel).not.toContainText('11:30');

    await login(page, demo.eltern);
    await expect(page).not.toHaveURL('/');
    await page.goto('/210-100');
    const contact = page.getByTestId('contact');
    await expect(contact).toContainText('Montag bis Donnerstag 12:00 – 18:00 Uhr');
    await expect(contact).toContainText('01099 Dresden');
    await expect(contact).not.toContainText('11:30');
    await logout(page);
  } finally {
    await setHours(page, demoHours);
  }
});
