/** Module settings: its public contract (`@hortus/contract/modules/settings`). */
export * from './definition';
