/** Module hydrants: its public contract (`@hortus/contract/modules/hydrants`). */
export * from './definition';
export * from './calls';
export * from './logic';
export * from './register-io';
