/** Module profile: its public contract (`@hortus/contract/modules/profile`). */
export * from './definition';
export * from './calls';
