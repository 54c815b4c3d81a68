import { createContext, useContext } from 'react';

export type AlertSeverity = 'success' | 'error' | 'info' | 'warning';

/** A button in the message (e.g. 'Rückgängig' after a change); pressing it closes the message. */
export interface AlertAction {
  label: string;
  onClick(): void;
}

export interface AlertApi {
  show(message: string, severity?: AlertSeverity, durationMs?: number, action?: AlertAction): void;
  success(message: string): void;
  error(message: string): void;
}

export const AlertContext = createContext<AlertApi | null>(null);

/** Shows a short message at the bottom of the screen (4 s by default). */
export function useAlert(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error('useAlert needs an AlertProvider');
  return api;
}
