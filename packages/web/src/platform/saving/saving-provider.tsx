import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { SavingContext, type SavingApi } from './saving-context';

export function SavingProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);

  const setSaving = useCallback((saving: boolean) => {
    setCount((current) => (saving ? current + 1 : Math.max(0, current - 1)));
  }, []);

  const run = useCallback(
    async <T,>(work: Promise<T>): Promise<T> => {
      setSaving(true);
      try {
        return await work;
      } finally {
        setSaving(false);
      }
    },
    [setSaving],
  );

  const api = useMemo<SavingApi>(() => ({ isSaving: count > 0, run, setSaving }), [count, run, setSaving]);

  return (
    <SavingContext.Provider value={api}>
      {children}
      <Backdrop open={count > 0} sx={(theme) => ({ zIndex: theme.zIndex.modal + 1, color: '#fff' })}>
        <CircularProgress color="inherit" aria-label="Speichern…" data-testid="saving-overlay" />
      </Backdrop>
    </SavingContext.Provider>
  );
}
