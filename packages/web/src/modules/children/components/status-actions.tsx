import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import {
  childrenMessages,
  hasHealthAlert,
  nextChildStatus,
  type ChildView,
  type StatusInput,
} from '@hortus/contract/modules/children';
import { useAlert } from '../../../platform/alert/alert-context';
import { isNetworkError } from '../../../platform/api/errors';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { useSaving } from '../../../platform/saving/saving-context';
import { useSaveChildren } from '../api/children';
import { useStatusQueue } from '../api/status-queue';
import { berlinTime } from '../logic/children-view';
import { pendingChange, pendingStatus, type QueuedStatus } from '../logic/status-queue';
import { childReleaseNeeds, ReleaseDialog, shownReleaseReason } from './release-dialog';
import { ReleasedDialog, type ReleasedChoice } from './released-dialog';

/** A status change of one child as the pages ask for it (the child's names and class are added). */
export type StatusChange = Omit<StatusInput, 'id_kind'>;

/** What became of a change: sent, waiting on the device, or refused/failed (the alert said why). */
export type StatusOutcome = 'sent' | 'queued' | 'failed';

export interface StatusActions {
  /** Changes waiting on the device. */
  queue: readonly QueuedStatus[];
  /** The child as shown: its last queued status while changes wait. */
  shown(child: ChildView): ChildView;
  /** A change of the child waits on the device. */
  isPending(child: ChildView): boolean;
  /** The change waiting last for the child (who picked it up while offline), if any. */
  pending(child: ChildView): StatusInput | undefined;
  /** The table's click (school.md 4.4): Abwesend → check in, Anwesend → release, Entlassen → the undo dialog. */
  cycle(child: ChildView): void;
  /** Checks the child in (now, or the device's fixed check-in time). */
  checkIn(child: ChildView): Promise<StatusOutcome>;
  /** Releases the child: at once, or through the release dialog when today's rules, pickup persons or health notes ask. */
  startRelease(child: ChildView): void;
  /** Opens the released child's dialog ('Nichts tun', 'Rückg.', 'Abwesend'). */
  openReleased(child: ChildView): void;
  /** Sends any change (undo included) the way every status change goes: online at once, else into the queue. */
  send(child: ChildView, change: StatusChange): Promise<StatusOutcome>;
  /** The release dialog and the released child's dialog; rendered once by the page. */
  dialogs: ReactNode;
}

/**
 * Today's status changes of module 200, shared by the table (/200) and the check-in screen (/200-checkin):
 * the same call (getSettings `anwesenheitsstatus`), the same data (the children query), the same release
 * dialog and the same offline queue. A change that cannot reach the server waits on the device (in order,
 * after those already waiting). `onChanged` hears of every change sent or queued (the check-in screen's undo).
 */
export function useStatusActions(options: {
  /** The device's fixed check-in time ('HH:MM'), or undefined for now. */
  checkInTime?: () => string | undefined;
  onChanged?: (child: ChildView, change: StatusChange, outcome: Exclude<StatusOutcome, 'failed'>) => void;
}): StatusActions {
  const { mutateAsync: save } = useSaveChildren();
  const statusQueue = useStatusQueue();
  const saving = useSaving();
  const alert = useAlert();
  const [releasing, setReleasing] = useState<ChildView | null>(null);
  const [released, setReleased] = useState<ChildView | null>(null);

  const shown = (child: ChildView): ChildView => {
    const status = pendingStatus(statusQueue.queue, child.id);
    return status === null ? child : { ...child, anwesenheitsstatus: status };
  };

  const send = async (child: ChildView, change: StatusChange): Promise<StatusOutcome> => {
    const data: StatusInput = {
      id_kind: child.id,
      vorname: child.vorname,
      nachname: child.nachname,
      klasse: child.name_klasse,
      idKlasse: child.id_klasse,
      ...change,
    };
    let outcome: StatusOutcome = 'queued';
    if (statusQueue.queue.length > 0 || !navigator.onLine) {
      statusQueue.add(child, data);
    } else {
      try {
        await saving.run(save({ type: 'anwesenheitsstatus', data }));
        outcome = 'sent';
      } catch (error) {
        if (isNetworkError(error)) statusQueue.add(child, data);
        else {
          alert.error(saveErrorMessage(error, childrenMessages.saveFailed));
          return 'failed';
        }
      }
    }
    options.onChanged?.(child, change, outcome);
    return outcome;
  };

  const checkIn = (child: ChildView) => {
    const time = options.checkInTime?.();
    return send(child, { neuStatus: 1, ...(time ? { neuZeit_von: time } : {}) });
  };

  /** Releases now with the reason the list and the release dialog show. */
  const release = (child: ChildView, reason: string, abgeholtVon?: string) =>
    send(child, {
      neuStatus: 2,
      neuZeit_bis: berlinTime(),
      entlassgrund: reason,
      ...(abgeholtVon ? { abgeholtVon } : {}),
    });

  const startRelease = (child: ChildView) => {
    // What applies today decides whether the dialog asks who picked the child up or for a confirmation.
    const needs = childReleaseNeeds(child, berlinTime());
    if (needs !== 'nichts' || child.abholberechtigte.length > 0 || hasHealthAlert(child.gesundheit)) {
      setReleasing(child);
    } else void release(child, shownReleaseReason(child));
  };

  const cycle = (child: ChildView) => {
    const next = nextChildStatus(
      child.anwesenheitsstatus === 1 || child.anwesenheitsstatus === 2 ? child.anwesenheitsstatus : 0,
    );
    if (next === 1) void checkIn(child);
    else if (next === 2) startRelease(child);
    else setReleased(child);
  };

  const onReleasedChoice = (choice: ReleasedChoice) => {
    const child = released;
    setReleased(null);
    if (!child || choice === 'nothing') return;
    void send(child, { neuStatus: 0, nurEntlassenRueckgaengig: choice === 'undo' });
  };

  return {
    queue: statusQueue.queue,
    shown,
    isPending: (child) => pendingStatus(statusQueue.queue, child.id) !== null,
    pending: (child) => pendingChange(statusQueue.queue, child.id),
    cycle,
    checkIn,
    startRelease,
    openReleased: setReleased,
    send,
    dialogs: (
      <>
        <ReleaseDialog
          child={releasing}
          time={berlinTime()}
          onCancel={() => setReleasing(null)}
          onRelease={(reason, abgeholtVon) => {
            const child = releasing;
            setReleasing(null);
            if (child) void release(child, reason, abgeholtVon);
          }}
        />
        <ReleasedDialog child={released} onChoose={onReleasedChoice} />
      </>
    ),
  };
}

/** The note above the list while changes wait on the device (table and check-in screen). */
export function StatusQueueNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Alert severity="info" data-testid="status-queue">
      {count} Statusänderung(en) warten auf die Verbindung und werden danach der Reihe nach gesendet.
    </Alert>
  );
}
