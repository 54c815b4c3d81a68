import { expect, test } from './test';
import { platformCalls } from '@hortus/contract';
import { demo, fixtureUsers } from '../fixtures';
import { login, logout, openMenu } from './helpers';

const [userWithoutTab, userWithoutMenu, menuUser] = fixtureUsers;

/** The page shows a module route (the login has finished). */
const inApp = (url: URL) => /^\/\d{3}/.test(url.pathname);

test('login screen shows the server content and rejects wrong passwords', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Willkommen im Hort Sonnenschein!')).toBeVisible();
  // The facility's panel (app settings 'Einrichtung', issue 47) holds the opening hours.
  await page.getByRole('button', { name: 'Kontakt und Öffnungszeiten' }).click();
  await expect(page.getByText('Montag bis Freitag 11:30 – 17:00 Uhr')).toBeVisible();
  await expect(page.getByRole('link', { name: '0351 123456' })).toBeVisible();
  await page.screenshot({ path: 'artifacts/login-screen.png', fullPage: true });

  // Empty fields: the server's message marks the field.
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  const userName = page.getByRole('textbox', { name: 'Benutzername' });
  await expect(userName).toHaveAttribute('aria-invalid', 'true');
  await expect(userName).toHaveAccessibleDescription('Bitte angeben.');

  await page.getByLabel('Benutzername').fill(demo.erzieher.nn);
  await page.getByLabel('Passwort').fill('falsch-falsch');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByText('Logindaten ungültig.')).toBeVisible();
  await expect(page).toHaveURL('/');
});

test('a staff member logs in, uses the menu and the tabs, and is brought back to the last view', async ({ page }) => {
  await login(page, menuUser);
  // A first login starts at the first menu module that is a start page: Nachrichten (120), not Profil (010),
  // which comes first by sort (issue 47).
  await expect(page).toHaveURL('/120');
  await expect(page).toHaveTitle(/Hort Sonnenschein/);
  await page.getByRole('navigation', { name: 'Schnellnavigation' }).getByRole('link', { name: 'Nachrichten' }).click();
  await expect(page).toHaveURL('/120');
  await expect(page.getByText('Noch keine Nachrichten.')).toBeVisible();

  await openMenu(page);
  const drawer = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(page.getByText('Mia Menü')).toBeVisible();
  await expect(page.getByText('Ausloggen')).toBeVisible();
  await drawer.getByText('App-Info').click();
  await expect(page).toHaveURL('/999');
  await expect(page.getByText('IT-Service')).toBeVisible();

  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab')).toHaveCount(2);
  await page.screenshot({ path: 'artifacts/app-shell.png', fullPage: true });
  await tabs.getByRole('tab', { name: 'Hilfe' }).click();
  await expect(page).toHaveURL('/999-100');
  await expect(page.getByText('Hier erscheinen in Kürze Antworten auf häufig gestellte Fragen.')).toBeVisible();

  // An unknown tab opens the first allowed tab.
  await page.goto('/999-777');
  await expect(page).toHaveURL('/999');

  // The last view is remembered for the next login.
  await tabs.getByRole('tab', { name: 'Hilfe' }).click();
  await expect(page).toHaveURL('/999-100');
  await logout(page);
  await login(page, menuUser);
  await expect(page).toHaveURL('/999-100');
});

test('a module the user may not open sends them to the first menu link', async ({ page }) => {
  await login(page, demo.kunde);
  // A customer starts in module 410 (or the last view there), not at the profile's 'Meine Daten' (issue 47).
  await expect(page).toHaveURL(/\/410/);
  // App-Info: only one tab allowed, so no tab bar.
  await page.goto('/999');
  await expect(page.getByText('IT-Service')).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await page.goto('/120');
  await expect(page).toHaveURL('/010');
});

test('without a right for any tab the page says Zugriff verweigert', async ({ page }) => {
  await login(page, userWithoutTab);
  await expect(page).toHaveURL('/999');
  await expect(page.getByText('Zugriff verweigert')).toBeVisible();
});

test('a user without menu links is logged out again', async ({ page }) => {
  await login(page, userWithoutMenu);
  await expect(page.getByText('Für dieses Konto sind keine Bereiche freigeschaltet.')).toBeVisible();
  await expect(page.getByLabel('Benutzername')).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.getItem('code'))).toBeFalsy();
});

test('an unknown path shows the not-found page inside the app, with the menu to go on', async ({ page }) => {
  await login(page, demo.erzieher);
  await expect(page).toHaveURL(inApp);
  await page.goto('/gibt-es-nicht');
  await expect(page.getByText('Seite nicht gefunden')).toBeVisible();
  // The app bar with its menu is there: the user goes on from the page.
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Kalender' }).click();
  await expect(page).toHaveURL(/\/110/);
  await expect(page.getByText('Seite nicht gefunden')).toHaveCount(0);
});

test('without network the banner appears and the cached data stays visible', async ({ page, context }) => {
  await login(page, demo.erzieher);
  await expect(page).toHaveURL(inApp);
  await page.goto('/999');
  await expect(page.getByText('IT-Service')).toBeVisible();
  // The Hilfe tab's code loads when it is opened: offline it comes from the service worker's precache,
  // which takes over the page on the first visit.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.getByRole('tablist').getByRole('tab', { name: 'Hilfe' }).click();
  await expect(page.getByText('KEINE NETZWERKVERBINDUNG')).toBeVisible();
  await expect(page.getByText('Die angezeigten Daten können veraltet sein.', { exact: false })).toBeVisible();
  await expect(page.getByText('Hier erscheinen in Kürze Antworten auf häufig gestellte Fragen.')).toBeVisible();
  await page.screenshot({ path: 'artifacts/offline-banner.png', fullPage: true });

  await context.setOffline(false);
  await page.getByRole('tablist').getByRole('tab', { name: 'Appinfo' }).click();
  await expect(page.getByText('KEINE NETZWERKVERBINDUNG')).toBeHidden();
});

test('logging out ends the session on the server too', async ({ page, request }) => {
  await login(page, demo.erzieher);
  await expect(page).toHaveURL(inApp);
  const code = await page.evaluate(() => localStorage.getItem('code'));
  expect(code).toBeTruthy();
  await logout(page);
  const reply = await request.post(platformCalls.getSettings.url, { form: { code: code ?? '' } });
  expect(reply.status()).toBe(401);
  expect((await reply.json()).status).toBe('accessError');
  // A module route without a session leads back to the login screen.
  await page.goto('/999');
  await expect(page.getByLabel('Benutzername')).toBeVisible();
});

test('the installed app opens offline from the service worker with the cached menu and data', async ({
  page,
  context,
}) => {
  await login(page, demo.erzieher);
  await expect(page).toHaveURL(inApp);
  await page.goto('/999');
  await expect(page.getByText('IT-Service')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  expect(manifest).toMatchObject({ name: 'Hort Sonnenschein', theme_color: '#2e7d32' });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('IT-Service')).toBeVisible();
  await expect(page.getByText('KEINE NETZWERKVERBINDUNG')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  await context.setOffline(false);
});
