/** Module app-settings: its public contract (`@hortus/contract/modules/app-settings`). */
export * from './definition';
export * from './calls';
