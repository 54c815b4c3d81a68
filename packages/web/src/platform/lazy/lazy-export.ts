import { createElement, lazy, type ComponentType } from 'react';

/** The component type of an export (never for an export that is no component). */
type ComponentOf<T> = T extends ComponentType<infer P> ? ComponentType<P> : never;

/** The retrying components whose last load failed: they load again once `forgetFailedLoads` ran. */
const failed = new Set<() => void>();

/**
 * Forgets every failed load, so the next render of such a component loads its code again. Called where a
 * user asks for the page again (the page error's 'Erneut versuchen', opening a tab), never from the
 * failure itself: React renders a failed component again at once, which would load again and again.
 */
export function forgetFailedLoads(): void {
  for (const renew of [...failed]) renew();
  failed.clear();
}

/**
 * `React.lazy` that can forget a failed load: React keeps a rejected import for good, so a page whose
 * code could not be fetched (offline before the service worker had precached it) would stay broken until
 * a full reload. After `forgetFailedLoads` the next render loads again; a loaded component is kept.
 */
// The same bound as React.lazy's own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function retryingLazy<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): C {
  const renew = () => {
    current = lazy(attempt);
  };
  const attempt = (): Promise<{ default: C }> =>
    load().catch((error: unknown) => {
      failed.add(renew);
      throw error;
    });
  let current = lazy(attempt);
  function Retrying(props: object) {
    return createElement(current as unknown as ComponentType<object>, props);
  }
  return Retrying as unknown as C;
}

/**
 * A component whose file loads with its first render: `name` is its export in the file `load` imports
 * (React.lazy wants a default export). For the dialogs, tabs and pages a first screen does not show, so
 * their code is not evaluated with it (issue 21). A failed load is tried again (`retryingLazy`).
 */
export function lazyExport<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentOf<M[K]> {
  return retryingLazy(() => load().then((file) => ({ default: file[name] as ComponentOf<M[K]> })));
}
