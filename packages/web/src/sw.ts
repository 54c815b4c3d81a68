/**
 * The service worker (vite-plugin-pwa injectManifest): precaches the build, answers navigations with
 * index.html (never /_api or the dynamic manifest, and no API caching), takes over when the page asks
 * (SKIP_WAITING from workbox-window; the first one takes over the open page at once), shows push notifications (calendar events) and keeps the map
 * tiles a user has viewed (CacheFirst, at most MAP_TILE_MAX_ENTRIES) so maps still show offline.
 *
 * The web tsconfig uses the DOM library, so the few service worker types needed are declared here.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

interface SwExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SwPushEvent extends SwExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface SwNotificationEvent extends SwExtendableEvent {
  readonly notification: Notification;
}
interface SwMessageEvent extends SwExtendableEvent {
  readonly data: unknown;
}
interface SwWindowClient {
  readonly url: string;
  focus(): Promise<SwWindowClient>;
  navigate(url: string): Promise<SwWindowClient | null>;
}
interface SwGlobalScope {
  readonly __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly SwWindowClient[]>;
    openWindow(url: string): Promise<SwWindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: SwPushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: SwNotificationEvent) => void): void;
  addEventListener(type: 'message', listener: (event: SwMessageEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: SwExtendableEvent) => void): void;
}

declare const self: SwGlobalScope;

/** Vibration pattern of push notifications (core.md section 9). */
const VIBRATE = [200, 100, 200];

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // The scan station page (/200?SCAN) comes from the server: only its document may frame https dashboards.
    denylist: [/^\/_api\//, /^\/manifest\.webmanifest$/, /^\/200\/?\?(?:.*&)?SCAN(?:[=&]|$)/],
  }),
);

/** Map tiles: cross-origin images addressed {z}/{x}/{y}.png|jpg|webp, whichever tile service is configured. */
const MAP_TILE_CACHE = 'map-tiles';
const MAP_TILE_MAX_ENTRIES = 3000;
const mapTilePath = /\/\d{1,2}\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/;

/** Drops the oldest tiles above the limit (Cache Storage keeps insertion order). */
async function trimMapTiles(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAP_TILE_MAX_ENTRIES))) await cache.delete(key);
}

/**
 * CacheFirst for viewed tiles only: nothing is fetched ahead (the OpenStreetMap tile policy forbids bulk
 * downloads). Only CORS answers are kept (the map asks with crossOrigin), never opaque ones, whose
 * padded size would fill the storage quota.
 */
registerRoute(
  ({ url, request }) =>
    request.destination === 'image' && url.origin !== self.location.origin && mapTilePath.test(url.pathname),
  async ({ request }) => {
    const cache = await caches.open(MAP_TILE_CACHE);
    const cached = await cache.match(request);
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok && response.type === 'cors') {
      await cache.put(request, response.clone());
      void trimMapTiles(cache);
    }
    return response;
  },
);

/**
 * The first service worker of a device takes over the open page once it has precached the build (a new
 * version still waits for SKIP_WAITING): tabs and dialogs load their code when opened, and those requests
 * must come from the precache when the network goes away during the first visit.
 */
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

interface PushPayload {
  title: string;
  body: string;
  url: string;
}

/** The push message as sent by the server: JSON {title, body, url}; plain text becomes the body. */
function readPush(event: SwPushEvent): PushPayload {
  const fallback: PushPayload = { title: 'Hortus', body: '', url: '/' };
  if (!event.data) return fallback;
  try {
    const json = event.data.json() as Partial<Record<keyof PushPayload, unknown>> | null;
    return {
      title: typeof json?.title === 'string' && json.title !== '' ? json.title : fallback.title,
      body: typeof json?.body === 'string' ? json.body : '',
      url: typeof json?.url === 'string' && json.url.startsWith('/') ? json.url : fallback.url,
    };
  } catch {
    return { ...fallback, body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const { title, body, url } = readPush(event);
  // `vibrate` is missing from TypeScript's NotificationOptions but supported by the browsers that vibrate.
  const options = { body, data: { url }, vibrate: VIBRATE } as NotificationOptions;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(typeof data?.url === 'string' ? data.url : '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target) ?? windows[0];
      if (open) {
        const focused = await open.focus();
        if (focused.url !== target) await focused.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
