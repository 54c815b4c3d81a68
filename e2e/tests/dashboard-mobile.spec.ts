import { expect, test } from './test';
import { demo } from '../fixtures';
import { login } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone the feedback results open fullscreen with the pagination on the screen', async ({ page }) => {
  await login(page, demo.leitung);
  // Other journeys change leitung's last view: once logged in, open the dashboard itself.
  await expect(page).not.toHaveURL('/');
  await page.goto('/000');
  const party = page.getByRole('article', { name: 'Sommerfest am Freitag' });
  await party.getByRole('button', { name: /^Rückmeldungen \(\d+\)$/ }).click();
  const results = page.getByRole('dialog', { name: /^Rückmeldungen: Sommerfest am Freitag/ });
  await expect(results).toBeVisible();
  const box = await results.boundingBox();
  expect(box?.width).toBe(390);
  expect(box?.height).toBe(844);
  await expect(results.getByText(/^1 - \d+ von \d+$/)).toBeInViewport();
  await expect(results.getByRole('combobox', { name: 'Zeilen pro Seite' })).toBeInViewport();
  // The answer's date is German local time.
  await expect(results.getByRole('table', { name: 'Rückmeldungen' })).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
});
