import { Workbox } from 'workbox-window';

/** Reload delay after an update of the installed app (core.md section 9). */
export const UPDATE_RELOAD_DELAY_MS = 1_000;

/** Registers the Workbox service worker; a new version takes over and the page reloads after 1 s. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    workbox.addEventListener('controlling', () => {
      setTimeout(() => location.reload(), UPDATE_RELOAD_DELAY_MS);
    });
    workbox.messageSkipWaiting();
  });
  workbox.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
}
