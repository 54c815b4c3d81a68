import { useCallback, useEffect } from 'react';
import { hydrantMessages, type Hydrant } from '@hortus/contract/modules/hydrants';
import { useAlert } from '../../../platform/alert/alert-context';
import { isNetworkError } from '../../../platform/api/errors';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { useSaving } from '../../../platform/saving/saving-context';
import {
  applyChange,
  enqueue,
  flushQueue,
  readQueue,
  type QueuedChange,
  type SendResult,
} from '../logic/offline-queue';
import { changeDefects, changeStatus, useHydrantCache } from './hydrants';

export const offlineTexts = {
  queued: 'Keine Verbindung: Die Änderung wird gesendet, sobald das Gerät wieder online ist.',
  sent: (count: number) => `${count} offline erfasste Änderung${count === 1 ? '' : 'en'} gespeichert.`,
} as const;

function send(change: QueuedChange): Promise<Hydrant> {
  return change.kind === 'status' ? changeStatus(change.id, change.status) : changeDefects(change.id, change.mangel);
}

/** A status or defect change from the popup: saved at once, or queued on the device when offline. */
export function useHydrantChange() {
  const saving = useSaving();
  const alert = useAlert();
  const cache = useHydrantCache();
  return async (hydrant: Hydrant, change: QueuedChange): Promise<void> => {
    try {
      cache.put(await saving.run(send(change)));
    } catch (error) {
      if (isNetworkError(error)) {
        enqueue(change);
        cache.put(applyChange(hydrant, change));
        alert.show(offlineTexts.queued, 'info');
      } else {
        alert.error(saveErrorMessage(error, hydrantMessages.saveFailed));
      }
    }
  };
}

/** Sends the queued changes when the module opens and whenever the device comes back online. */
export function useFlushOfflineChanges(): void {
  const alert = useAlert();
  const cache = useHydrantCache();
  const flush = useCallback(async () => {
    if (readQueue().length === 0) return;
    const sent = await flushQueue(
      async (change): Promise<SendResult> => {
        try {
          return { ok: true, hydrant: await send(change) };
        } catch (error) {
          return {
            ok: false,
            offline: isNetworkError(error),
            message: saveErrorMessage(error, hydrantMessages.saveFailed),
          };
        }
      },
      (hydrant) => cache.put(hydrant),
      (message) => alert.error(message),
    );
    if (sent > 0) alert.success(offlineTexts.sent(sent));
  }, [alert, cache]);
  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);
}
