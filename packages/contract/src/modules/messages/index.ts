/** Module messages: its public contract (`@hortus/contract/modules/messages`). */
export * from './definition';
