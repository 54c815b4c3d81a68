/** Module dashboard: its public contract (`@hortus/contract/modules/dashboard`). */
export * from './definition';
export * from './calls';
export * from './logic';
