import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { calendarMessages } from '@hortus/contract/modules/calendar';
import { messages } from '@hortus/contract/messages';
import { demo } from '../fixtures';
import { login, openMenu } from './helpers';

const memberRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Mitglieder' }).getByRole('row').filter({ hasText: name });

/** A quick link of the top bar (the menu from the settings). */
const quickLink = (page: Page, title: string) => page.getByRole('banner').getByRole('link', { name: title });

test('after a save tried without network, the installed app still opens offline with menu, banner and cached data', async ({
  page,
  context,
}) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/100');
  await expect(memberRow(page, 'Jonas Weiß')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await quickLink(page, 'Kalender').click();
  await expect(page).toHaveURL(/\/110/);
  await expect(page.getByRole('button', { name: 'Aktualisieren' })).toBeVisible();

  // Offline: a new calendar event cannot be saved.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Termin' });
  await dialog.getByLabel('Titel').fill('Offline-Termin');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(calendarMessages.saveFailed)).toBeVisible();
  await expect(page.getByText('KEINE NETZWERKVERBINDUNG')).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await page.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(dialog).toBeHidden();
  // Moving on while offline refetches the settings and the member list, which fails.
  await quickLink(page, 'Mitglieder').click();
  await expect(memberRow(page, 'Jonas Weiß')).toBeVisible();

  // Reload offline: shell, menu, banner and the last member list come from the device.
  await page.reload();
  await expect(page.getByText('KEINE NETZWERKVERBINDUNG')).toBeVisible();
  await expect(memberRow(page, 'Jonas Weiß')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText(messages.appLoadFailed)).toBeHidden();
  await expect(quickLink(page, 'Kalender')).toBeVisible();
  await openMenu(page);
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Profil' })).toBeVisible();
  await page.screenshot({ path: 'artifacts/offline-start.png', fullPage: true });
  await context.setOffline(false);
});

test('without network and without stored settings, the app says so in German instead of spinning', async ({
  page,
  context,
}) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/100');
  await expect(memberRow(page, 'Jonas Weiß')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    // Nothing stored on the device but the session: remove the persisted query cache (idb-keyval's store).
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('keyval-store');
      open.onerror = () => reject(new Error('open'));
      open.onsuccess = () => {
        const transaction = open.result.transaction('keyval', 'readwrite');
        transaction.objectStore('keyval').delete('hortus-query-cache');
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(new Error('delete'));
      };
    });
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(messages.appLoadFailed)).toBeVisible();
  await expect(page.getByText('KEINE NETZWERKVERBINDUNG')).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(memberRow(page, 'Jonas Weiß')).toBeVisible();
});

const offlineBanner = (page: Page) => page.getByTestId('offline-banner-text');
const parentsTable = (page: Page) => page.getByRole('table', { name: 'Eltern' });
const pageFailed = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Die Seite konnte nicht geladen werden.' });

/** Module 200's first tab, shown online (its code is loaded); the Eltern tab's code is not. */
async function openChildren(page: Page): Promise<void> {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/200');
  await expect(page.getByRole('table', { name: 'Kinder' })).toBeVisible();
}

test('the installed app opens a tab offline whose page it never showed: its code comes from the precache', async ({
  page,
  context,
}) => {
  await openChildren(page);
  // Installed: the service worker has precached the build and controls the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.getByRole('tab', { name: 'Eltern' }).click();
  await expect(offlineBanner(page)).toBeVisible();
  await expect(parentsTable(page)).toBeVisible();
  await context.setOffline(false);
});

test.describe('before the service worker has precached', () => {
  test.use({ serviceWorkers: 'block' });

  test('a tab whose code cannot be fetched fails alone, with menu and banner; it opens once the network is back', async ({
    page,
    context,
  }) => {
    await openChildren(page);
    await context.setOffline(true);
    await page.getByRole('tab', { name: 'Eltern' }).click();
    await expect(pageFailed(page)).toBeVisible();
    await expect(offlineBanner(page)).toBeVisible();
    await expect(quickLink(page, 'Kalender')).toBeVisible();
    // The other tab still works; back online, opening Eltern again loads its code.
    await page.getByRole('tab', { name: 'Kinderverwaltung' }).click();
    await expect(page.getByRole('table', { name: 'Kinder' })).toBeVisible();
    await expect(pageFailed(page)).toHaveCount(0);
    await context.setOffline(false);
    await page.getByRole('tab', { name: 'Eltern' }).click();
    await expect(parentsTable(page)).toBeVisible();
  });
});
