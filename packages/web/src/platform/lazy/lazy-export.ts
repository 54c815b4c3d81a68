import { lazy, type ComponentType } from 'react';

/** The component type of an export (never for an export that is no component). */
type ComponentOf<T> = T extends ComponentType<infer P> ? ComponentType<P> : never;

/**
 * A component whose file loads with its first render: `name` is its export in the file `load` imports
 * (React.lazy wants a default export). For the dialogs, tabs and pages a first screen does not show, so
 * their code is not evaluated with it (issue 21).
 */
export function lazyExport<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((file) => ({ default: file[name] as ComponentOf<M[K]> })));
}
