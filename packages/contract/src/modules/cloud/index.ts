/** Module cloud: its public contract (`@hortus/contract/modules/cloud`). */
export * from './definition';
export * from './calls';
export * from './logic';
