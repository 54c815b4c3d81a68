import { moduleRegistry } from '@hortus/contract';
import { e2eAdmin } from '../fixtures';
import { settled, violations } from './axe';
import { login, openInApp } from './helpers';
import { expect, test } from './test';

// The modules are independent: spread over the workers.
test.describe.configure({ mode: 'parallel' });

/** The main dialogs (issue 42: 'every page and every main dialog'): where they open and the button that opens them. */
const dialogs: readonly { address: string; button: string }[][] = [
  [
    { address: '/200', button: 'Kind anlegen' },
    { address: '/410', button: 'Kunde' },
    { address: '/120', button: 'Neu' },
    { address: '/005', button: 'Benutzer' },
  ],
  [
    { address: '/420', button: 'Neuer Mitarbeiter' },
    { address: '/220', button: 'Neues Mandat' },
    { address: '/220', button: 'Neuer Umfang' },
    { address: '/220', button: 'Tag eintragen' },
  ],
];

for (const [index, group] of dialogs.entries()) {
  test(`main dialogs ${index + 1}: ${group.map((entry) => entry.button).join(', ')} have no WCAG 2.1 AA violation`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await login(page, e2eAdmin);
    await expect(page).not.toHaveURL('/');
    // The app opens its start page after the login; navigating before it stands would be undone by it.
    await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
    await settled(page);
    const found: string[] = [];
    for (const { address, button } of group) {
      await openInApp(page, address);
      await expect(page).toHaveURL(address);
      await settled(page);
      await page.getByRole('button', { name: button, exact: true }).first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await settled(page);
      found.push(...(await violations(page, `${address} '${button}'`, '[role="dialog"]')));
      // Unchanged, the dialog closes without asking.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    expect(found).toEqual([]);
  });
}

for (const module of moduleRegistry) {
  test(`${module.code} ${module.title}: every tab has no WCAG 2.1 AA violation axe-core finds`, async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, e2eAdmin);
    await expect(page).not.toHaveURL('/');
    const found: string[] = [];
    for (const tab of module.tabs) {
      const address = `/${module.code}${tab.code ? `-${tab.code}` : ''}`;
      await openInApp(page, address);
      await settled(page);
      found.push(...(await violations(page, address)));
    }
    expect(found).toEqual([]);
  });
}
