import { useEffect, useRef } from 'react';

/** Which dialog entry the browser is on (each dialog's entry has its own number), if any. */
const currentDialogEntry = () => (window.history.state as { hortusDialog?: number } | null)?.hortusDialog;
let lastEntry = 0;

/**
 * The pop of a dialog that just closed, with the entry it pops: a dialog mounting in the same tick on that
 * very entry (StrictMode's remount) keeps it instead.
 */
let pendingPop: { entry: number; timer: ReturnType<typeof setTimeout> } | null = null;

/**
 * Browser Back closes an open dialog instead of leaving the page: while mounted the dialog owns one
 * history entry (same address, pushed on open). Back leaves that entry; the entry is put back at once and
 * `onBack` runs — pass the guarded close (useDiscardGuard's `requestClose`), so a changed form asks first
 * and stays open if the user keeps editing. Closing the dialog any other way pops its entry again — only
 * while the browser is still on it (a dialog that opens another one through the address, like an event
 * opening its series, leaves the new dialog's entry alone).
 */
export function useDialogHistory(onBack: () => void): void {
  const onBackRef = useRef(onBack);
  useEffect(() => {
    onBackRef.current = onBack;
  });

  useEffect(() => {
    let entry = 0;
    const ownEntry = () => {
      lastEntry += 1;
      entry = lastEntry;
      window.history.pushState({ ...(window.history.state as object), hortusDialog: entry }, '');
    };
    if (pendingPop !== null && currentDialogEntry() === pendingPop.entry) {
      clearTimeout(pendingPop.timer);
      entry = pendingPop.entry;
      pendingPop = null;
    } else {
      ownEntry();
    }
    const onPopState = () => {
      // Back to this dialog's own entry: a dialog above it (an upload over a file list) left its entry.
      if (currentDialogEntry() === entry) return;
      ownEntry();
      onBackRef.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      const closing = entry;
      const timer = setTimeout(() => {
        if (pendingPop?.entry === closing) pendingPop = null;
        if (currentDialogEntry() === closing) window.history.back();
      }, 0);
      pendingPop = { entry: closing, timer };
    };
  }, []);
}
