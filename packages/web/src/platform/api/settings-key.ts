/** Query key of the session's settings (its own file, so the login route can use it without the settings call). */
export const settingsQueryKey = ['settings'] as const;
