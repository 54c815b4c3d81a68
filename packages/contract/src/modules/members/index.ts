/** Module members: its public contract (`@hortus/contract/modules/members`). */
export * from './definition';
export * from './calls';
