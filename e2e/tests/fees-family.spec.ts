import { expect, test } from './test';
import { fixtureFamilies } from '../fixtures';
import { login } from './helpers';

const family = fixtureFamilies.essen;
const child = `${family.vorname} ${family.nachname}`;

test.describe('a parent on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('orders a lunch before the cut-off, cancels it again and downloads last month’s statement', async ({ page }) => {
    await login(page, family);
    await expect(page).not.toHaveURL('/');
    await page.goto('/220-100');
    const meals = page.getByTestId('fees-meals');
    await expect(meals.getByRole('heading', { name: 'Mittagessen' })).toBeVisible();

    // The last day of the menu's two weeks lies ahead: its order is open (the cut-off is on that day).
    const lunch = meals.getByLabel(new RegExp(`^Essen ${child} `)).last();
    await expect(lunch).toBeEnabled();
    await expect(lunch).not.toBeChecked();
    await lunch.tap();
    await expect(lunch).toBeChecked();
    await expect(lunch).toBeEnabled();
    // Kept by the server: still ordered after loading the page again.
    await page.reload();
    await expect(lunch).toBeChecked();
    await lunch.tap();
    await expect(lunch).not.toBeChecked();
    await expect(lunch).toBeEnabled();
    await page.reload();
    await expect(lunch).not.toBeChecked();

    // Last month's statement (the demo's closed run) with its PDF; the page fits the phone's width.
    const statements = page.getByTestId('fees-statements');
    const lastMonth = await page.evaluate(() => {
      const now = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Berlin' }));
      const month = now.getMonth() === 0 ? 12 : now.getMonth();
      const year = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
      return `${String(month).padStart(2, '0')}/${year}`;
    });
    const statement = statements.getByRole('listitem').filter({ hasText: `${lastMonth}:` });
    await expect(statement).toBeVisible();
    await statement.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const download = page.waitForEvent('download');
    await statement.getByRole('button', { name: 'PDF' }).tap();
    expect((await download).suggestedFilename()).toMatch(/^Beitragsabrechnung-\d{4}-\d{2}\.pdf$/);
  });
});
