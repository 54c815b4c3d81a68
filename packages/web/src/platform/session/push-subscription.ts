import { readStorage, storageKeys } from './storage';

/** The browser's push subscription as JSON when the user opted in (`pushEnabled`), else ''. */
export async function currentPushSubscriptionJson(): Promise<string> {
  if (readStorage(storageKeys.pushEnabled) !== '1') return '';
  if (!('serviceWorker' in navigator)) return '';
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    return subscription ? JSON.stringify(subscription.toJSON()) : '';
  } catch {
    return '';
  }
}
