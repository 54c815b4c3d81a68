import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { privacyPapers } from '@hortus/contract';
import { appSettingsMessages } from '@hortus/contract/modules/app-settings';
import { e2eAdmin } from '../fixtures';
import { login, logout } from './helpers';
import { expect, test } from './test';

// One organisation per worker: the settings saved first are what the public pages show after.
test.describe.configure({ mode: 'serial' });

const phone = { width: 390, height: 844 };

/** Signs in and waits for the app's start page (navigating before it stands would be undone by it). */
async function signIn(page: Page): Promise<void> {
  await login(page, e2eAdmin);
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
}

test('an administrator fills in the data protection officer and the accessibility statement in the app settings', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/001');
  const officer = page.getByRole('region', { name: 'Datenschutzbeauftragte Person' });
  await officer.getByLabel('Name').fill('Dr. Erika Muster');
  await officer.getByLabel('E-Mail').fill('keine-adresse');
  await officer.getByLabel('E-Mail').blur();
  await expect(officer.getByText('Ungültige E-Mail-Adresse')).toBeVisible();
  await officer.getByLabel('E-Mail').fill('dsb@hort.example');
  await officer.getByLabel('Telefon').fill('(0351) 123456');
  const statement = page.getByRole('region', { name: 'Erklärung zur Barrierefreiheit' });
  await statement.getByLabel('E-Mail für Rückmeldungen').fill('barrieren@hort.example');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(appSettingsMessages.saved)).toBeVisible();
  await logout(page);
});

test('on a phone the login screen links the public privacy and accessibility pages, without a session', async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await page.goto('/');
  const legal = page.getByRole('navigation', { name: 'Rechtliches' });
  await legal.getByRole('link', { name: 'Datenschutz' }).click();
  await expect(page).toHaveURL('/datenschutz');
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeVisible();
  await expect(page.getByText('Dr. Erika Muster')).toBeVisible();
  await expect(page.getByRole('link', { name: 'dsb@hort.example' })).toHaveAttribute('href', 'mailto:dsb@hort.example');
  await expect(page.getByRole('heading', { name: 'Ihre Rechte' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await expect(page.getByLabel('Benutzername')).toBeVisible();
  await page.getByRole('navigation', { name: 'Rechtliches' }).getByRole('link', { name: 'Barrierefreiheit' }).click();
  await expect(page).toHaveURL('/barrierefreiheit');
  await expect(page.getByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' })).toBeVisible();
  await expect(page.getByText('teilweise vereinbar')).toBeVisible();
  await expect(page.getByRole('link', { name: /Barriere melden/ })).toHaveAttribute(
    'href',
    /^mailto:barrieren@hort\.example\?subject=/,
  );
  await expect(page.getByRole('link', { name: 'Schlichtungsstelle nach § 16 BGG' })).toHaveAttribute(
    'href',
    'https://www.schlichtungsstelle-bgg.de',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
});

test('the two public pages have no WCAG 2.1 AA violation axe-core finds (phone and desktop)', async ({ page }) => {
  const found: string[] = [];
  for (const viewport of [phone, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport);
    for (const [address, heading] of [
      ['/datenschutz', 'Datenschutz'],
      ['/barrierefreiheit', 'Erklärung zur Barrierefreiheit'],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      found.push(
        ...result.violations.map(
          (violation) =>
            `${viewport.width} ${address} ${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`,
        ),
      );
    }
  }
  expect(found).toEqual([]);
});

test('in the app, the footer links the accessibility statement and an administrator downloads a compliance paper', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/005-040');
  await expect(page.getByRole('heading', { name: 'Dokumente' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `PDF herunterladen: ${privacyPapers.loeschkonzept.titel}` }).click();
  expect((await download).suggestedFilename()).toBe(privacyPapers.loeschkonzept.datei);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Barrierefreiheit' }).click();
  await expect(page).toHaveURL('/barrierefreiheit');
  await expect(page.getByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' })).toBeVisible();
});
