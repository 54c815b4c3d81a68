import type { Page } from '@playwright/test';
import { demo, fixtureFamilies } from '../fixtures';
import { settled, violations } from './axe';
import { login } from './helpers';
import { expect, test } from './test';

/**
 * Issue 47's phone check-in screen (/200-checkin) at 390 px: staff check a child in with one tap, release
 * it to its pickup person through the release dialog, and check in while offline. Each journey has a family
 * of its own in class 1a (fixtureFamilies), so no other spec file's changes move its child.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Logs in as the Hort's leitung, opens the check-in screen from the children page's tab and picks class 1a. */
async function openCheckIn(page: Page): Promise<void> {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/200');
  await page.getByRole('tab', { name: 'Check-in' }).tap();
  await expect(page).toHaveURL('/200-checkin');
  // The first load after the login may take long on a shared machine.
  await page.getByRole('combobox', { name: 'Klasse' }).tap({ timeout: 30_000 });
  await page.getByRole('option', { name: '1a', exact: true }).tap();
  await expect(page.getByRole('combobox', { name: 'Klasse' })).toHaveText('1a');
}

/** The child's card in a section ('Erwartet', 'Da', 'Entlassen', 'Abwesend'). */
const card = (page: Page, section: string, name: string) =>
  page
    .getByRole('region', { name: new RegExp(`^${section} \\(\\d+\\)$`) })
    .getByRole('listitem')
    .filter({ hasText: name });

test('staff check a child in with one tap and release it to its pickup person: it shows under Entlassen with the person; the page has no WCAG 2.1 AA violation', async ({
  page,
}) => {
  const family = fixtureFamilies.eincheck;
  const name = `${family.vorname} ${family.nachname}`;
  await openCheckIn(page);
  const expected = card(page, 'Erwartet', name);
  await expect(expected).toContainText('Entlassung 15:00');
  await expect(expected).toContainText('nur mit Abholperson');
  await settled(page);
  expect(await violations(page, '/200-checkin')).toEqual([]);

  const checkIn = expected.getByRole('button', { name: `${name} einchecken` });
  // A thumb-sized target on the card's right, where the thumb of the hand holding the phone is.
  const box = await checkIn.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(120);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(390 - 48);
  await checkIn.tap();
  const present = card(page, 'Da', name);
  await expect(present).toContainText(/da seit \d\d:\d\d/);
  await expect(expected).toHaveCount(0);

  await present.getByRole('button', { name: `${name} entlassen` }).tap();
  const dialog = page.getByRole('dialog', { name: `${name} entlassen` });
  await expect(dialog.getByTestId('release-today')).toHaveText('nur mit Abholperson');
  const release = dialog.getByRole('button', { name: 'Entlassen', exact: true });
  await expect(release).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Oma Erika' }).check();
  await release.tap();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Entlassen', name)).toContainText(/entlassen \d\d:\d\d · abgeholt von Oma Erika/);
  await expect(present).toHaveCount(0);
});

test('a check-in made offline shows as waiting and is sent when the phone is back online', async ({
  page,
  context,
}) => {
  const family = fixtureFamilies.funkloch;
  const name = `${family.vorname} ${family.nachname}`;
  await openCheckIn(page);
  const expected = card(page, 'Erwartet', name);
  await expect(expected).toBeVisible();
  await context.setOffline(true);
  await expected.getByRole('button', { name: `${name} einchecken` }).tap();
  const present = card(page, 'Da', name);
  await expect(present).toContainText('eingecheckt · wartet auf die Verbindung');
  await expect(page.getByTestId('status-queue')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('status-queue')).toHaveCount(0);
  await expect(present).toContainText(/da seit \d\d:\d\d/);
  await expect(present).not.toContainText('wartet');
  // Sent, not only shown: the server's data after a reload has it.
  await page.reload();
  await expect(card(page, 'Da', name)).toContainText(/da seit \d\d:\d\d/, { timeout: 30_000 });
});
