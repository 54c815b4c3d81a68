import { createHmac } from 'node:crypto';
import { messages } from '@hortus/contract';
import { fixtureUsers } from '../fixtures';
import { login, logout } from './helpers';
import { expect, test } from './test';

const user = fixtureUsers.find((entry) => entry.nn === 'zweifaktor')!;

/**
 * The authenticator app's code (RFC 6238 as the server uses it: SHA-1, 6 digits, 30 s), computed here as the
 * phone's app would from the key the page shows.
 */
function appCode(secret: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret.replace(/[\s=]/g, '').toUpperCase()]
    .map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[19]! & 15;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone: set up the second factor with the app, see this device among the sessions, log in again with a recovery code', async ({
  page,
}) => {
  await login(page, user);
  await expect(page).not.toHaveURL('/');
  await page.goto('/010-010');
  const section = page.getByTestId('two-factor');
  await section.getByRole('button', { name: 'Zweiten Faktor einrichten' }).click();
  const setup = section.getByRole('form', { name: 'Zweiten Faktor einrichten' });
  await expect(setup.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
  const secret = (await setup.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // A wrong code is named on the field; the app's code switches the factor on.
  await setup.getByRole('textbox', { name: messages.otpLabel }).fill('000000');
  await setup.getByRole('button', { name: 'Aktivieren' }).click();
  await expect(setup.getByRole('textbox', { name: messages.otpLabel })).toHaveAttribute('aria-invalid', 'true');
  await setup.getByRole('textbox', { name: messages.otpLabel }).fill(appCode(secret));
  await setup.getByRole('button', { name: 'Aktivieren' }).click();
  const codes = section.getByTestId('recovery-codes');
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const recovery = ((await codes.getByRole('listitem').first().textContent()) ?? '').trim();
  await section.getByRole('button', { name: 'Codes notiert' }).click();
  await expect(section.getByTestId('two-factor-on')).toBeVisible();

  // This phone is listed among the devices logged in to the account, as this one.
  await expect(page.getByTestId('own-sessions').getByText(/\(dieses Gerät\)$/)).toBeVisible();

  // The next login asks for a code after the password; a recovery code works (once).
  await logout(page);
  await page.getByLabel('Benutzername').fill(user.nn);
  await page.getByLabel('Passwort').fill(user.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByTestId('otp-ask')).toBeVisible();
  await page.getByRole('textbox', { name: messages.otpLabel }).fill(recovery);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).not.toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
});
