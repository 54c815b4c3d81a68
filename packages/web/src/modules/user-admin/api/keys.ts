/** Query keys of user administration. */
export const userAdminKeys = {
  all: ['user-admin'] as const,
  users: ['user-admin', 'users'] as const,
  groups: ['user-admin', 'groups'] as const,
  rights: ['user-admin', 'rights'] as const,
  protokoll: ['user-admin', 'protokoll'] as const,
  datenschutz: ['user-admin', 'datenschutz'] as const,
};
