import { useDeferredValue } from 'react';

/**
 * The data a page renders from, handed over one render later the first time it is there. Query results
 * reach React through `useSyncExternalStore`, whose updates always render in one blocking task; for a
 * page's first screen (a list, a week of events, the widgets) that task is the longest of the page load
 * on a phone. Deferring the first arrival makes React render the page body as a transition, in slices
 * of a few milliseconds, while the page shows its loading state. Afterwards the value stays `true` and
 * every later change of the data renders at once, as before.
 */
export function useDataRenderedInSlices<T>(data: T | undefined): T | undefined {
  const ready = useDeferredValue(data !== undefined, false);
  return ready ? data : undefined;
}
