import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { messages } from '@hortus/contract';
import { customerMessages } from '@hortus/contract/modules/customers';
import { hydrantMessages } from '@hortus/contract/modules/hydrants';
import { demo } from '../fixtures';
import { login } from './helpers';

// Issue 33: module pages, texts and phone layout as school.md and business.md have them.

async function open(page: Page, user: { nn: string; password: string }, path: string): Promise<void> {
  await login(page, user);
  await expect(page).not.toHaveURL('/');
  await page.goto(path);
}

test("410: 'Lade Daten... Bitte warten' while loading, tab bars at top and bottom, the offline banner as business.md words it", async ({
  page,
  context,
}) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  // The first load of the module answers slowly.
  let slow = true;
  await page.route('**/_api/400/410/?getSettings', async (route) => {
    if (slow) await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/410');
  await expect(page.getByText('Lade Daten... Bitte warten')).toBeVisible();
  await expect(page.getByTestId('customers-table')).toContainText('TSV Lindenweg e. V.');
  slow = false;

  await expect(page.getByRole('tablist', { name: 'Kunden' })).toBeVisible();
  const bottom = page.getByRole('navigation', { name: 'Kunden: Reiter' });
  // The specification's three tabs and the settings, with our 'Offene Posten' (issue 45) before the settings.
  await expect(bottom.getByRole('link')).toHaveText(['Kunden', 'Aufträge', 'Kosten', 'Offene Posten', 'Einstellungen']);
  await bottom.getByRole('link', { name: 'Aufträge' }).click();
  await expect(page).toHaveURL(/\/410-100$/);
  await expect(page.getByRole('tab', { name: 'Aufträge' })).toHaveAttribute('aria-selected', 'true');

  // The reload on the route change fails: the banner in 410's words.
  await context.setOffline(true);
  await page.getByRole('tab', { name: 'Kunden' }).click();
  await expect(page.getByTestId('offline-banner-text')).toHaveText(
    'KEINE NETZWERKVERBINDUNG - Die angezeigten Daten können veraltet sein. Bevor Änderungen vorgenommen werden, vergewissern Sie sich, dass die Daten aktuell sind.',
  );
  await context.setOffline(false);
});

test('200: the offline banner as school.md words it', async ({ page, context }) => {
  // Both pages shown once online, then the reload on the route change fails: Eltern opens with the banner.
  await open(page, demo.leitung, '/200-100');
  await expect(page.getByRole('tab', { name: 'Eltern' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Eltern' })).toBeVisible();
  await page.getByRole('tab', { name: 'Kinderverwaltung' }).click();
  await expect(page.getByRole('table', { name: 'Kinder' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('tab', { name: 'Eltern' }).click();
  await expect(page.getByTestId('offline-banner-text')).toHaveText(
    'KEINE NETZWERKVERBINDUNG. Die angezeigten Daten können veraltet sein. Bevor Änderungen vorgenommen werden, vergewissern Sie sich, dass die Daten aktuell sind.',
  );
  await expect(page.getByRole('table', { name: 'Eltern' })).toBeVisible();
  await context.setOffline(false);
});

test("410: a failed load says the data could not be loaded, never 'gespeichert'", async ({ page }) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.route('**/_api/400/410/?getSettings', (route) => route.abort());
  await page.goto('/410-100');
  await expect(page.getByText(customerMessages.loadFailed)).toBeVisible();
  await expect(page.getByText(/konnten nicht gespeichert werden/)).toHaveCount(0);
  expect(customerMessages.loadFailed).toBe(messages.dataLoadFailed);
});

test("410: the customer sees no 'Kosten' tab and no staff hint", async ({ page }) => {
  await open(page, demo.kunde, '/410-100');
  await expect(page.getByTestId('orders-table')).toContainText('Ferienbetreuung Sommer');
  await expect(page.getByRole('tablist').getByRole('tab')).toHaveText(['Kunden', 'Aufträge']);
  await expect(page.getByRole('navigation', { name: 'Kunden: Reiter' }).getByRole('link')).toHaveText([
    'Kunden',
    'Aufträge',
  ]);
  await page.getByTestId('orders-table').getByRole('row').filter({ hasText: 'Ferienbetreuung Sommer' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByText('Leer: nächste freie Nummer')).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The address of the costs opens the customer's start in the module, the orders (issue 47).
  await page.goto('/410-200');
  await expect(page).toHaveURL(/\/410-100$/);
});

test("410: a customer enters the module at 'Aufträge'; the 'Kunden' tab stays one click away (issue 47)", async ({
  page,
}) => {
  await open(page, demo.kunde, '/410');
  await expect(page).toHaveURL(/\/410-100$/);
  await expect(page.getByTestId('orders-table')).toContainText('Ferienbetreuung Sommer');
  await page.getByRole('tablist').getByRole('tab', { name: 'Kunden' }).click();
  await expect(page).toHaveURL(/\/410$/);
  await expect(page.getByRole('tab', { name: 'Kunden' })).toHaveAttribute('aria-selected', 'true');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the next-page arrow of a paginated table is on the screen', async ({ page }) => {
    await login(page, demo.leitung);
    await expect(page).not.toHaveURL('/');
    for (const path of ['/410', '/200']) {
      await page.goto(path);
      const next = page.getByRole('button', { name: 'Nächste Seite' }).first();
      await expect(next).toBeVisible();
      const box = await next.boundingBox();
      expect(box, path).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), path).toBeLessThanOrEqual(390);
    }
  });

  test("the map's address search leaves an open popup's title and close button free; German zoom tooltips", async ({
    page,
  }) => {
    await open(page, demo.leitung, '/310');
    await expect(page.locator('.leaflet-container')).toBeVisible();
    await expect(page.locator('.leaflet-control-zoom-in')).toHaveAttribute('title', 'Vergrößern');
    await expect(page.locator('.leaflet-control-zoom-out')).toHaveAttribute('title', 'Verkleinern');
    await expect(page.getByRole('textbox', { name: 'Adresse suchen' })).toBeVisible();
    await expect(page.locator('.hydrant-cluster, .hydrant-marker').first()).toBeVisible();
    // Clusters open by zooming in, until a single hydrant's marker is there to open.
    await expect(async () => {
      if ((await page.locator('.hydrant-marker').count()) === 0) await page.locator('.hydrant-cluster').first().click();
      await expect(page.locator('.hydrant-marker').first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.locator('.hydrant-marker').first().click();
    const popup = page.getByTestId('hydrant-popup');
    await expect(popup).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Adresse suchen' })).toHaveCount(0);
    const close = page.locator('.leaflet-popup-close-button');
    await expect(close).toBeInViewport();
    const box = await close.boundingBox();
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest('.leaflet-popup-close-button') !== null,
      [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
    );
    expect(onTop).toBe(true);
    expect(hydrantMessages.loading).toBe('Lade Daten... Bitte warten');
  });

  test("'Entlasszeit' is not cut off on the dashboard's widget", async ({ page }) => {
    await open(page, demo.leitung, '/000');
    const label = page
      .getByRole('region', { name: 'Abwesenheiten', exact: true })
      .getByText('Entlasszeit', { exact: true })
      .first();
    await expect(label).toBeVisible();
    const cut = await label.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut).toBe(false);
  });
});
