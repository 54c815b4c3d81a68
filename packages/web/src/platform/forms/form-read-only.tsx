import { createContext, useContext, type ReactNode } from 'react';

const ReadOnlyContext = createContext(false);

/** Bound fields inside are disabled (a read-only FormDialog, a settings page the user may only read). */
export function FormReadOnly({ value, children }: { value: boolean; children: ReactNode }) {
  return <ReadOnlyContext.Provider value={value}>{children}</ReadOnlyContext.Provider>;
}

export const useFormReadOnly = () => useContext(ReadOnlyContext);
