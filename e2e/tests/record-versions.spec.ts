import type { Browser, Page } from '@playwright/test';
import { expect, test } from './test';
import { demo } from '../fixtures';
import { login } from './helpers';

// Issue 36, no silent lost update: two people edit the same hydrant from the same loaded version.

async function editPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/310-030?h=1&t=1');
  // The register (300 demo hydrants) loads first; a loaded machine needs longer than the default.
  await expect(page.getByLabel('Info')).toBeVisible({ timeout: 60_000 });
  return page;
}

test('the second save from the same version hears of the first and reloads it', async ({ browser }) => {
  const first = await editPage(browser);
  const second = await editPage(browser);

  await first.getByLabel('Info').fill('Zuerst gespeichert');
  await first.getByRole('button', { name: 'Speichern' }).click();
  await expect(first.getByText('Hydrant erfolgreich gespeichert!')).toBeVisible();

  await second.getByLabel('Info').fill('Später gespeichert');
  await second.getByRole('button', { name: 'Speichern' }).click();
  const conflict = second.getByTestId('conflict-alert');
  await expect(conflict).toContainText(/Dieser Datensatz wurde inzwischen von \S.* geändert\. Bitte neu laden\./);
  await expect(conflict).not.toContainText('einem anderen Benutzer');
  // Nothing was lost: still on the form with what was typed, until "Neu laden" shows the stored record.
  await expect(second.getByLabel('Info')).toHaveValue('Später gespeichert');
  await conflict.getByRole('button', { name: 'Neu laden' }).click();
  await expect(second.getByLabel('Info')).toHaveValue('Zuerst gespeichert');
  await expect(second.getByTestId('conflict-alert')).toHaveCount(0);

  // From the reloaded version the save goes through.
  await second.getByLabel('Info').fill('Später gespeichert');
  await second.getByRole('button', { name: 'Speichern' }).click();
  await expect(second.getByText('Hydrant erfolgreich gespeichert!')).toBeVisible();
});
