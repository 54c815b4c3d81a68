// No zod here: the login route builds its URLs from this file without loading the contract's schemas.

/** Where a call is: its path and `?func=` or a bare query key. */
export interface CallTarget {
  /** Path without query, e.g. '/_api/login/'. */
  readonly path: string;
  /** Matches `?func=<func>`. */
  readonly func?: string | undefined;
  /** Matches a bare query key, e.g. `?getOrSaveSettings`. */
  readonly queryKey?: string | undefined;
}

/** The URL a client posts to: path plus `?func=…` or `?key`. */
export function callUrl(target: CallTarget): string {
  if (target.func !== undefined) return `${target.path}?func=${encodeURIComponent(target.func)}`;
  if (target.queryKey !== undefined) return `${target.path}?${target.queryKey}`;
  return target.path;
}

/**
 * The three calls the login route makes. Their specs (platformCalls.login, .logout, .loginScreen) are
 * built from these targets, so the zod-free login route and the specs share one place.
 */
export const loginRouteTargets = {
  login: { path: '/_api/login/', func: 'login' },
  logout: { path: '/_api/login/', func: 'logout' },
  loginScreen: { path: '/_api/login/get.php', queryKey: 'loginscreen' },
} as const satisfies Record<string, CallTarget>;
