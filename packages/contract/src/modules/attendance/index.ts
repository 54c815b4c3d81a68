/** Module attendance: its public contract (`@hortus/contract/modules/attendance`). */
export * from './definition';
export * from './calls';
export * from './logic';
