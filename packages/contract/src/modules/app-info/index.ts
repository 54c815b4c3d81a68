/** Module app-info: its public contract (`@hortus/contract/modules/app-info`). */
export * from './definition';
