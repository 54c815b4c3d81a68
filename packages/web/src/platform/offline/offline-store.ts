import { useSyncExternalStore } from 'react';

type Listener = () => void;

let offline = false;
const listeners = new Set<Listener>();

/** Set when a request fails on the network, cleared by the next reply from the server. */
export function setOffline(value: boolean): void {
  if (offline === value) return;
  offline = value;
  for (const listener of listeners) listener();
}

export function isOffline(): boolean {
  return offline;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, isOffline);
}
