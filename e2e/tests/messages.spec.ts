import type { Browser, Page } from '@playwright/test';
import { expect, test } from './test';
import { messagesMessages } from '@hortus/contract/modules/messages';
import { demo } from '../fixtures';
import { login } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function openAs(page: Page, user: { nn: string; password: string }): Promise<void> {
  await login(page, user);
  // The password hash takes its time on a busy machine.
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible({ timeout: 30_000 });
  await page.goto('/120');
  await expect(page.getByRole('button', { name: 'Neu' })).toBeVisible();
}

async function desk(browser: Browser, user: { nn: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openAs(page, user);
  return page;
}

test('a parent on a phone writes to the class staff, the staff member answers, the parent sees “gelesen”', async ({
  browser,
  page,
}) => {
  // Two people in two browsers, each logging in.
  test.slow();
  const subject = `Abholung ${Date.now()}`;
  await openAs(page, demo.eltern);
  await page.getByRole('button', { name: 'Neu' }).click();
  await page.getByRole('combobox', { name: 'An' }).fill('Jonas');
  await page.getByRole('option', { name: 'Jonas Weiß' }).click();
  await page.getByRole('textbox', { name: 'Betreff' }).fill(subject);
  await page.getByRole('textbox', { name: 'Nachricht' }).fill('Lena wird heute um 14 Uhr von ihrer Oma abgeholt.');
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByTestId('messages-conversation')).toContainText('von ihrer Oma abgeholt');
  await expect(page.getByTestId('messages-receipt')).toHaveText('gesendet');

  // The staff member sees it arrive without a reload, opens it and answers.
  const staff = await desk(browser, demo.erzieher);
  const item = staff.getByTestId('messages-inbox').getByRole('button', { name: new RegExp(subject) });
  await expect(item).toBeVisible();
  await item.click();
  await expect(staff.getByTestId('messages-conversation')).toContainText('von ihrer Oma abgeholt');
  await staff.getByRole('textbox', { name: 'Antwort' }).fill('Danke, ist notiert!');
  await staff.getByRole('button', { name: 'Senden' }).click();
  await expect(staff.getByTestId('messages-conversation')).toContainText('Danke, ist notiert!');

  // On the phone: the answer arrives and the parent's message shows as read, without a reload.
  await expect(page.getByTestId('messages-conversation')).toContainText('Danke, ist notiert!');
  await expect(page.getByTestId('messages-receipt')).toContainText('gelesen');
  await staff.context().close();
});

test('a broadcast that requires a confirmation is confirmed on a phone and counted on the sender’s overview', async ({
  browser,
  page,
}) => {
  test.slow();
  const subject = `Elternabend ${Date.now()}`;
  const office = await desk(browser, demo.leitung);
  await office.getByRole('button', { name: 'Neu' }).click();
  // Every class: the demo parent's children are in two of them.
  const to = office.getByRole('combobox', { name: 'An' });
  const classes = office.getByRole('option', { name: /^Eltern der Klasse/ });
  await to.fill('Klasse');
  await expect(classes.first()).toBeVisible();
  const count = await classes.count();
  for (let i = 0; i < count; i++) {
    if (i > 0) await to.fill('Klasse');
    await classes.nth(i).click();
  }
  await office.getByRole('textbox', { name: 'Betreff' }).fill(subject);
  await office.getByRole('textbox', { name: 'Nachricht' }).fill('Am Dienstag um 19 Uhr ist Elternabend im Hort.');
  await office.getByRole('switch', { name: 'Bestätigung erforderlich' }).check();
  await office.getByRole('button', { name: 'Senden' }).click();
  const summary = office.getByTestId('messages-read-summary');
  await expect(summary).toContainText('0 von');
  await expect(summary).toContainText('0 von');

  await openAs(page, demo.eltern);
  await page.getByRole('button', { name: 'Bestätigung offen' }).click();
  await page
    .getByTestId('messages-inbox')
    .getByRole('button', { name: new RegExp(subject) })
    .click();
  await page.getByRole('button', { name: messagesMessages.confirmed }).click();
  await expect(page.getByTestId('messages-confirmed')).toBeVisible();

  // Counted on the sender's overview without a reload; the parent is no longer among those outstanding.
  await expect(summary).toContainText('1 von');
  await expect(summary).toContainText('1 von');
  await summary.click();
  const overview = office.getByTestId('messages-overview');
  await expect(overview.getByTestId('messages-overview-confirmed')).toContainText('1 von');
  await expect(overview.getByTestId('messages-overview-open')).not.toContainText('Aylin Öztürk');
  await office.context().close();
});

test('new messages show on the menu entry and in the dashboard widget, which opens the conversation', async ({
  browser,
  page,
}) => {
  test.slow();
  const subject = `Turnbeutel ${Date.now()}`;
  await openAs(page, demo.eltern);
  await page.getByRole('button', { name: 'Neu' }).click();
  await page.getByRole('combobox', { name: 'An' }).fill('Jonas');
  await page.getByRole('option', { name: 'Jonas Weiß' }).click();
  await page.getByRole('textbox', { name: 'Betreff' }).fill(subject);
  await page.getByRole('textbox', { name: 'Nachricht' }).fill('Der Turnbeutel liegt noch in der Garderobe.');
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByTestId('messages-conversation')).toContainText('Turnbeutel liegt noch');

  const staff = await desk(browser, demo.erzieher);
  // The menu entry names the count (the demo may hold other unread messages of the staff member).
  const entry = staff
    .getByRole('navigation', { name: 'Schnellnavigation' })
    .getByRole('link', { name: /^Nachrichten, \d+ ungelesen$/ });
  await expect(entry).toBeVisible();
  await staff.goto('/000');
  const widget = staff.getByRole('region', { name: 'Neue Nachrichten' });
  const item = widget.getByRole('link', { name: `${subject}, 1 ungelesen` });
  await expect(item).toContainText('Der Turnbeutel liegt noch in der Garderobe.');
  await item.click();
  await expect(staff).toHaveURL(/\/120\?k=\d+$/);
  await expect(staff.getByTestId('messages-conversation')).toContainText('Turnbeutel liegt noch');
  // Read: the conversation leaves the widget.
  await expect(async () => {
    await staff.goto('/000');
    await expect(staff.getByRole('region', { name: 'Neue Nachrichten' })).toBeVisible();
    await expect(widget.getByRole('link', { name: new RegExp(subject) })).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await staff.context().close();
});

test('a parent on a phone attaches a PDF and a photo, removes one, the staff member downloads the other', async ({
  browser,
  page,
}) => {
  test.slow();
  const subject = `Attest ${Date.now()}`;
  await openAs(page, demo.eltern);
  await page.getByRole('button', { name: 'Neu' }).click();
  const dialog = page.getByRole('dialog');
  await page.getByRole('combobox', { name: 'An' }).fill('Jonas');
  await page.getByRole('option', { name: 'Jonas Weiß' }).click();
  await page.getByRole('textbox', { name: 'Betreff' }).fill(subject);
  await page.getByRole('textbox', { name: 'Nachricht' }).fill('Anbei das Attest von Lena.');
  // The platform picker: the files go up at once and show as chips.
  await dialog.getByTestId('file-picker-input').setInputFiles([
    { name: 'Attest.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    {
      name: 'Foto.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]),
    },
  ]);
  const chosen = dialog.getByTestId('messages-attachments-chosen');
  await expect(chosen).toContainText('Attest.pdf');
  await expect(chosen).toContainText('Foto.png');
  // On a 390 px phone nothing sticks out sideways.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await chosen
    .getByRole('button', { name: /Foto\.png/ })
    .locator('.MuiChip-deleteIcon')
    .click();
  await expect(chosen).not.toContainText('Foto.png');
  await dialog.getByRole('button', { name: 'Senden' }).click();
  const conversation = page.getByTestId('messages-conversation');
  await expect(conversation).toContainText('Anbei das Attest');
  await expect(conversation.getByRole('button', { name: 'Attest.pdf herunterladen' })).toBeVisible();
  await expect(conversation.getByText('Foto.png')).toHaveCount(0);

  const staff = await desk(browser, demo.erzieher);
  await staff
    .getByTestId('messages-inbox')
    .getByRole('button', { name: new RegExp(subject) })
    .click();
  const attachment = staff
    .getByTestId('messages-conversation')
    .getByRole('button', { name: 'Attest.pdf herunterladen' });
  await expect(attachment).toBeVisible();
  const download = staff.waitForEvent('download');
  await attachment.click();
  expect((await download).suggestedFilename()).toBe('Attest.pdf');
  await staff.context().close();
});
