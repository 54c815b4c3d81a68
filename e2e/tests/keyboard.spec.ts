import type { Locator, Page } from '@playwright/test';
import { demo, fixtureFamilies } from '../fixtures';
import { expect, test } from './test';

/**
 * The main journeys by keyboard alone (issue 42, WCAG 2.1.1 and 2.4.7): no click, no tap — Tab, Shift+Tab,
 * arrow keys, Space, Enter and typing — and wherever the focus stops on the way it is visibly marked. Only
 * the address is opened directly, as one types it into the browser.
 */
test.use({ viewport: { width: 1280, height: 900 } });

/** Where the focus is now, and whether it is visibly marked (a ring, or a field's focused outline). */
async function focusState(page: Page): Promise<{ ring: boolean; what: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { ring: false, what: 'nichts' };
    const what = element.outerHTML.slice(0, 160);
    const field = element.closest('.MuiInputBase-root');
    if (field) return { ring: field.classList.contains('Mui-focused'), what };
    // A checkbox's or radio's input is invisible: its ring is on the control around it.
    const shown = element.matches('input')
      ? ((element.closest('.MuiButtonBase-root') as HTMLElement | null) ?? element)
      : element;
    const style = getComputedStyle(shown);
    return { ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2, what };
  });
}

/** Presses Tab until `target` has the focus (at most `max` times), checking the focus is visible there. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  const element = await target.elementHandle();
  for (let step = 0; step <= max; step++) {
    if (await page.evaluate((node) => node === document.activeElement, element)) {
      const state = await focusState(page);
      expect(state.ring, `sichtbarer Fokus auf ${state.what}`).toBe(true);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Mit ${max}× Tab nicht erreicht: ${String(target)}`);
}

/** The login by keyboard: the user name field has the focus, Tab to the password, Enter. */
async function keyboardLogin(page: Page, user: { nn: string; password: string }): Promise<void> {
  await page.goto('/');
  await expect(page.getByLabel('Benutzername')).toBeFocused();
  await page.keyboard.type(user.nn);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Passwort')).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible({ timeout: 30_000 });
}

test('a parent reports a sick child by keyboard alone', async ({ page }) => {
  const family = fixtureFamilies.tastatur;
  await keyboardLogin(page, family);
  await page.goto('/210');
  const child = page.getByRole('checkbox', { name: new RegExp(`${family.vorname} ${family.nachname}`) });
  // The family's only child is chosen already; Space takes it out and in again.
  await expect(child).toBeChecked();
  await tabTo(page, child);
  await page.keyboard.press(' ');
  await expect(child).not.toBeChecked();
  await page.keyboard.press(' ');
  await expect(child).toBeChecked();
  await tabTo(page, page.getByRole('radio', { name: 'Abwesend' }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Krank' })).toBeChecked();
  await tabTo(page, page.getByRole('textbox', { name: 'Kommentar' }));
  await page.keyboard.type('Husten');
  await tabTo(page, page.getByRole('button', { name: 'Senden' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('report-result')).toBeVisible();
});

test('staff find a child, check it in and open its dialog by keyboard alone', async ({ page }) => {
  const family = fixtureFamilies.tastenhof;
  await keyboardLogin(page, demo.leitung);
  await page.goto('/200');
  await tabTo(page, page.getByRole('textbox', { name: 'Suche' }));
  await page.keyboard.type(family.nachname);
  const row = page.getByTestId('children-table').getByRole('row').filter({ hasText: family.nachname });
  await expect(row).toHaveCount(1);
  const status = row.getByRole('button', { name: /Abwesend|Anwesend|Entlassen/ });
  await expect(status).toHaveText(/Abwesend/);
  await tabTo(page, status);
  await page.keyboard.press('Enter');
  await expect(status).toHaveText(/Anwesend/);
  // The row itself opens the child's dialog with Enter; Escape closes it and the focus stays in the table.
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, row);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(family.vorname);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('staff write a message to a parent by keyboard alone', async ({ page }) => {
  const subject = `Tastatur ${Date.now()}`;
  await keyboardLogin(page, demo.leitung);
  await page.goto('/120');
  await tabTo(page, page.getByRole('button', { name: 'Neu' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  const to = dialog.getByRole('combobox', { name: 'An' });
  await tabTo(page, to, 10);
  await page.keyboard.type('Familie Tastatur');
  await expect(page.getByRole('option', { name: /Familie Tastatur/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Betreff' }), 15);
  await page.keyboard.type(subject);
  await tabTo(page, dialog.getByRole('textbox', { name: 'Nachricht' }), 15);
  await page.keyboard.type('Kai hat heute seine Jacke im Hort vergessen.');
  await tabTo(page, dialog.getByRole('button', { name: 'Senden' }), 20);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('messages-conversation')).toContainText('Jacke im Hort vergessen');
});

test('the office issues an invoice for an order by keyboard alone', async ({ page }) => {
  await keyboardLogin(page, demo.leitung);
  await page.goto('/410-100');
  const row = page.getByTestId('orders-table').getByRole('row').filter({ hasText: 'Hallennutzung dienstags' });
  await tabTo(page, row, 120);
  await page.keyboard.press('Enter');
  const order = page.getByRole('dialog');
  const made = page.waitForResponse((response) => response.url().includes('?dokument'));
  await tabTo(page, order.getByRole('button', { name: 'Rechnung erstellen' }), 120);
  await page.keyboard.press('Enter');
  const invoice = ((await (await made).json()) as { neuDokument: { name: string } }).neuDokument.name;
  await expect(order.getByTestId('order-documents')).toContainText(invoice);
});
