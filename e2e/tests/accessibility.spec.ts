import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { moduleRegistry } from '@hortus/contract';
import { e2eAdmin } from '../fixtures';
import { login, openInApp } from './helpers';
import { expect, test } from './test';

/** BITV 2.0 refers to WCAG 2.1 AA (issue 42): axe-core's rules of those levels. */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Every violation on the page as 'address rule: target, target' (none when the page passes). */
async function violations(page: Page, address: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(wcag).analyze();
  return result.violations.map(
    (violation) => `${address} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

// The modules are independent: spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const module of moduleRegistry) {
  test(`${module.code} ${module.title}: every tab has no WCAG 2.1 AA violation axe-core finds`, async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, e2eAdmin);
    await expect(page).not.toHaveURL('/');
    const found: string[] = [];
    for (const tab of module.tabs) {
      const address = `/${module.code}${tab.code ? `-${tab.code}` : ''}`;
      await openInApp(page, address);
      await expect(page.getByText('Lade Daten')).toHaveCount(0, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      // axe reads colours as painted: a button still fading in reads as too pale. Wait for every transition
      // and finite animation (a spinner's endless one excepted).
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      );
      found.push(...(await violations(page, address)));
    }
    expect(found).toEqual([]);
  });
}
