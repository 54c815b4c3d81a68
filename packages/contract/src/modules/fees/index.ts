/** Module fees (220 Beiträge): its public contract (`@hortus/contract/modules/fees`). */
export * from './definition';
export * from './calls';
export * from './logic';
