/** Module parent-reports: its public contract (`@hortus/contract/modules/parent-reports`). */
export * from './definition';
export * from './calls';
export * from './logic';
