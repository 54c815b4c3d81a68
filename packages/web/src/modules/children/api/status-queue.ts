import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChildView, StatusInput } from '@hortus/contract/modules/children';
import { useAlert } from '../../../platform/alert/alert-context';
import { isNetworkError } from '../../../platform/api/errors';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { enqueue, flushQueue, readQueue, writeQueue, type QueuedStatus } from '../logic/status-queue';
import { childrenKeys, saveChildren } from './children';

/**
 * Status changes that could not reach the server are kept on the device, shown as pending and sent in
 * order when the connection returns (the 'online' event, or the next change/visit); a refusal is shown.
 */
export function useStatusQueue() {
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueuedStatus[]>(readQueue);

  const store = useCallback((next: QueuedStatus[]) => {
    writeQueue(next);
    setQueue(next);
  }, []);

  const flush = useCallback(async () => {
    const current = readQueue();
    if (current.length === 0) return;
    const rest = await flushQueue(
      current,
      async (entry) => {
        try {
          const reply = await saveChildren(queryClient, { type: 'anwesenheitsstatus', data: entry.change });
          queryClient.setQueryData(childrenKeys.all, reply.save);
          return 'sent';
        } catch (error) {
          if (isNetworkError(error)) return 'offline';
          alert.error(`${entry.childName}: ${saveErrorMessage(error, 'Die Änderung wurde abgelehnt.')}`);
          return 'refused';
        }
      },
      () => undefined,
    );
    store(rest);
    if (rest.length === 0) await queryClient.invalidateQueries({ queryKey: childrenKeys.all });
  }, [alert, queryClient, store]);

  useEffect(() => {
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  const add = useCallback(
    (child: ChildView, change: StatusInput) =>
      store(enqueue(readQueue(), { childId: child.id, childName: child.name, change })),
    [store],
  );

  return { queue, add, flush };
}
