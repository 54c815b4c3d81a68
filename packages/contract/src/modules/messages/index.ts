/** Module messages: its public contract (`@hortus/contract/modules/messages`). */
export * from './definition';
export * from './calls';
export * from './logic';
