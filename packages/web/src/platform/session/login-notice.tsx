import { useEffect } from 'react';
import { useAlert } from '../alert/alert-context';
import { readStorage, removeStorage, storageKeys } from './storage';

/** How long the login's notice stays: longer than an ordinary alert, it reports something that happened elsewhere. */
const NOTICE_MS = 12_000;

/**
 * Shows once, after the app opened, what the login answered as a notice (`hinweis`, e.g. that another device
 * was logged off because of the limit of sessions per account), then forgets it.
 */
export function LoginNotice() {
  const alert = useAlert();
  useEffect(() => {
    const text = readStorage(storageKeys.loginNotice);
    if (!text) return;
    removeStorage(storageKeys.loginNotice);
    alert.show(text, 'warning', NOTICE_MS);
  }, [alert]);
  return null;
}
