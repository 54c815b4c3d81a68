/** Module user-admin: its public contract (`@hortus/contract/modules/user-admin`). */
export * from './definition';
export * from './calls';
