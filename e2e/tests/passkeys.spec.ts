import { messages } from '@hortus/contract';
import { fixtureUsers, workerBaseURL } from '../fixtures';
import { login, logout } from './helpers';
import { expect, test as base } from './test';

const user = fixtureUsers.find((entry) => entry.nn === 'passkey')!;

// WebAuthn takes a domain as relying party, never an IP address: this journey opens the app as localhost.
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(workerBaseURL(testInfo.parallelIndex).replace('127.0.0.1', 'localhost'));
  },
});

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone: add a passkey in the profile, log in with it alone, remove it', async ({ page }) => {
  // The phone's screen lock, as Chromium's virtual authenticator (user verified by 'fingerprint').
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await login(page, user);
  await expect(page).not.toHaveURL('/');
  await page.goto('/010-010');
  const section = page.getByTestId('passkeys');
  const form = section.getByRole('form', { name: 'Passkey hinzufügen' });
  await expect(form.getByRole('button', { name: 'Passkey hinzufügen' })).toBeDisabled();
  await form.getByRole('textbox', { name: 'Name des Geräts' }).fill('Mein Telefon');
  await form.getByRole('button', { name: 'Passkey hinzufügen' }).click();
  await expect(page.getByText(messages.passkeyAdded)).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('listitem')).toContainText('noch nicht verwendet');

  // The next login needs neither user name nor password.
  await logout(page);
  await page.getByRole('button', { name: messages.passkeyLogin }).click();
  await expect(page).not.toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  await page.goto('/010-010');
  await expect(section.getByRole('listitem')).toContainText('zuletzt verwendet');

  // Removed, the passkey (still on the phone) opens nothing and the login says why.
  await section.getByRole('button', { name: 'Passkey Mein Telefon entfernen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Entfernen' }).click();
  await expect(page.getByText(messages.passkeyRemoved)).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(0);
  await logout(page);
  await page.getByRole('button', { name: messages.passkeyLogin }).click();
  await expect(page.getByTestId('login-error')).toHaveText(messages.passkeyUnknown);
  await expect(page).toHaveURL('/');
});
