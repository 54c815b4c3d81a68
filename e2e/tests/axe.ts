import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './test';

/** BITV 2.0 refers to WCAG 2.1 AA (issue 42): axe-core's rules of those levels. */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Every violation on the page (or inside `within`) as 'address rule: target, target' (none when it passes). */
export async function violations(page: Page, address: string, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(wcag);
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations.map(
    (violation) => `${address} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** Waits until the page is loaded and nothing fades any more (axe reads colours as painted). */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByText('Lade Daten')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // A button still fading in reads as too pale: wait for every transition and finite animation (a spinner's
  // endless one excepted).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}
