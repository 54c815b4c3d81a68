import { readStorage, storageKeys, writeStorage } from './storage';

// The push opt-in of the calendar notification settings (module 020). Kept apart from
// push-subscription.ts, which the login route loads: a module importing that file would split it into
// a chunk of its own and enlarge the login route.

/** Whether the user opted in to push notifications on this device (survives logout). */
export function isPushEnabled(): boolean {
  return readStorage(storageKeys.pushEnabled) === '1';
}

/** Whether this browser can receive web push (service worker, PushManager and notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** A base64url string (the VAPID public key) as bytes, for `applicationServerKey`. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.trim().replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const left = new Uint8Array(a);
  return left.length === b.length && left.every((byte, index) => byte === b[index]);
}

export type PushOptInResult = 'subscribed' | 'notSupported' | 'denied';

/**
 * Opts in: asks for the notification permission, subscribes through the service worker registration
 * with the server's VAPID key (a subscription for another key is replaced), stores the flag and hands
 * the subscription JSON to `send` (saveSubscription). A failing `send` rejects; the flag stays on, so
 * the next login sends the subscription again.
 */
export async function enablePush(
  vapidPublicKey: string,
  send: (subscriptionJson: string) => Promise<unknown>,
): Promise<PushOptInResult> {
  if (!pushSupported() || vapidPublicKey.trim() === '') return 'notSupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return 'notSupported';
  const key = base64UrlToBytes(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  writeStorage(storageKeys.pushEnabled, '1');
  await send(JSON.stringify(subscription.toJSON()));
  return 'subscribed';
}

/** Opts out on this device: the flag goes to '0' and the browser subscription is removed. */
export async function disablePush(): Promise<void> {
  writeStorage(storageKeys.pushEnabled, '0');
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing to remove.
  }
}
