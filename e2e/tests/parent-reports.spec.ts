import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { messages } from '@hortus/contract';
import { lateText, parentReportsMessages } from '@hortus/contract/modules/parent-reports';
import { demo } from '../fixtures';
import { login, typeInPicker } from './helpers';

/** MUI's error.main, the colour module 200 gives parents' exceptions. */
const red = 'rgb(211, 47, 47)';
const demoLateText =
  'Ihre Meldung ist nach [[ZEIT_SPAETESTENS]] Uhr eingegangen. Bitte informieren Sie den Hort zusätzlich telefonisch.';

/** Berlin's time 'HH:MM' now: a report for today is late once it is past the cut-off minute. */
function berlinTime(): string {
  return new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(
    new Date(),
  );
}
/** The answer a report for today gets with this cut-off at a time: the late text after it, the thanks up to it. */
function expectedText(cutoff: string, time: string): string {
  return time > cutoff ? lateText(demoLateText, cutoff) : parentReportsMessages.received;
}

/**
 * Sends the form and checks the answer against the server's clock: the text due at the minute before
 * the click or after the answer (they differ only when the cut-off minute ends in between).
 */
async function sendAndExpect(page: Page, cutoff: string): Promise<void> {
  const before = berlinTime();
  await page.getByRole('button', { name: 'Senden' }).click();
  const result = page.getByTestId('report-result');
  await expect(result).toBeVisible();
  const allowed = [expectedText(cutoff, before), expectedText(cutoff, berlinTime())];
  expect(allowed).toContain(await result.textContent());
}
function germanDay(offset: number): string {
  const day = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(day);
}

async function openAs(page: Page, user: { nn: string; password: string }, path: string): Promise<void> {
  await login(page, user);
  await expect(page).not.toHaveURL('/');
  await page.goto(path);
}

/** The n-th child of the report form: checks it and answers its name (without the class). */
async function chooseChild(page: Page, index: number): Promise<string> {
  const box = page.getByRole('checkbox').nth(index);
  const label = (await box.locator('xpath=ancestor::label[1]').textContent()) ?? '';
  await box.check();
  return label.replace(/\s*\(.*\)\s*$/, '').trim();
}

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the demo parent reports sickness for two days with an attachment; staff see it in red in the child list and on widget 2', async ({
    browser,
    page,
  }) => {
    await openAs(page, demo.eltern, '/210');
    // Two tabs on a phone: Melden shows the form, Historie the history.
    await expect(page.getByRole('tab', { name: 'Melden' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Historie' })).toBeVisible();
    await expect(page.getByTestId('report-history')).toHaveCount(0);
    await expect(page.getByTestId('report-info')).toContainText('Bitte melden Sie Abwesenheiten');

    const name = await chooseChild(page, 0);
    await page.getByRole('radio', { name: 'Krank' }).check();
    await typeInPicker(page, 'Bis', germanDay(1).replaceAll('.', ''));
    await page.getByLabel('Kommentar').fill('Fieber');
    await expect(page.getByText('6/40 Zeichen')).toBeVisible();

    // Upload without a file names it; then a PDF.
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await expect(page.getByText(parentReportsMessages.chooseFile)).toBeVisible();
    await page
      .getByTestId('report-file')
      .setInputFiles({ name: 'Attest.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await expect(page.getByTestId('report-attachments')).toContainText('Attest.pdf');

    await sendAndExpect(page, '08:00');

    await page.getByRole('tab', { name: 'Historie' }).click();
    const history = page.getByTestId('report-history');
    const today = history.getByTestId('report-entry').filter({ hasText: `${germanDay(0)}: ${name}` });
    await expect(today.first()).toContainText('Krank');
    await expect(today.first()).toContainText('Attest.pdf');
    await expect(history.getByTestId('report-entry').filter({ hasText: `${germanDay(1)}: ${name}` })).toHaveCount(1);
    await expect(history).toContainText(parentReportsMessages.noAttachments);

    // Staff: red in today's child list and on widget 2.
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staff = await staffContext.newPage();
    await openAs(staff, demo.leitung, '/200');
    await staff.getByLabel('Suche').fill(name.split(' ').slice(-1)[0] ?? name);
    const row = staff
      .getByTestId('children-table')
      .getByRole('row')
      .filter({ hasText: name.split(' ')[0] ?? name });
    await expect(row.getByText(/abwesend \(Ausnahme\)/)).toHaveCSS('color', red);
    await staff.goto('/000');
    await staff.getByLabel('Suche').fill('Fieber');
    const w2 = staff.getByTestId('w2-table').getByRole('row').filter({ hasText: 'Fieber' });
    await expect(w2).toHaveCount(1);
    await expect(w2.getByRole('cell').first().locator('span')).toHaveCSS('color', red);
    await staffContext.close();
  });

  test('a report after the cut-off shows the late text', async ({ browser, page }) => {
    // Leitung moves the cut-off to midnight, so a report for today is late (except at 00:00 itself).
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    await openAs(admin, demo.leitung, '/210-set');
    await typeInPicker(admin, 'Meldungen spätestens bis', '0000');
    await admin.getByRole('button', { name: 'Speichern' }).click();
    await expect(admin.getByText(messages.settingsSaved)).toBeVisible();
    await adminContext.close();

    await openAs(page, demo.eltern, '/210');
    await chooseChild(page, 1);
    await page.getByRole('radio', { name: 'Abwesend' }).check();
    await sendAndExpect(page, '00:00');

    // Kontakt: the facility's details (app settings, issue 47) and the mailboxes parents may write to.
    // (The start-password notice covers the tab bar on a phone for a while.)
    await page.goto('/210-100');
    const contact = page.getByTestId('contact');
    await expect(contact).toContainText('Hort Sonnenschein');
    await expect(contact).toContainText('Lindenweg 12');
    await expect(contact).toContainText('Öffnungszeiten');
    await expect(contact.getByRole('link', { name: 'leitung@example.org' })).toHaveAttribute(
      'href',
      'mailto:leitung@example.org',
    );
  });
});
