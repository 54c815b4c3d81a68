import { useEffect, useRef } from 'react';

const isDialogEntry = () => (window.history.state as { hortusDialog?: boolean } | null)?.hortusDialog === true;

/** The pop of a dialog that just closed; a dialog mounting in the same tick (StrictMode's remount) keeps the entry. */
let pendingPop: ReturnType<typeof setTimeout> | null = null;

/**
 * Browser Back closes an open dialog instead of leaving the page: while mounted the dialog owns one
 * history entry (same address, pushed on open). Back leaves that entry; the entry is put back at once and
 * `onBack` runs — pass the guarded close (useDiscardGuard's `requestClose`), so a changed form asks first
 * and stays open if the user keeps editing. Closing the dialog any other way pops its entry again.
 */
export function useDialogHistory(onBack: () => void): void {
  const onBackRef = useRef(onBack);
  useEffect(() => {
    onBackRef.current = onBack;
  });

  useEffect(() => {
    const ownEntry = () => window.history.pushState({ ...(window.history.state as object), hortusDialog: true }, '');
    if (pendingPop !== null && isDialogEntry()) {
      clearTimeout(pendingPop);
      pendingPop = null;
    } else {
      ownEntry();
    }
    const onPopState = () => {
      ownEntry();
      onBackRef.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      if (pendingPop !== null) clearTimeout(pendingPop);
      pendingPop = setTimeout(() => {
        pendingPop = null;
        if (isDialogEntry()) window.history.back();
      }, 0);
    };
  }, []);
}
