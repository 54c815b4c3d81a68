import { useEffect, useRef } from 'react';

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
    ownEntry();
    let owned = true;
    const onPopState = () => {
      if (!owned) return;
      ownEntry();
      onBackRef.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      owned = false;
      if ((window.history.state as { hortusDialog?: boolean } | null)?.hortusDialog) window.history.back();
    };
  }, []);
}
