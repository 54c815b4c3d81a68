/** Module customers: its public contract (`@hortus/contract/modules/customers`). */
export * from './definition';
export * from './calls';
export * from './logic';
export * from './costs';
export * from './e-invoice';
export * from './datev';
export * from './euer';
export * from './leitweg';
export * from './vat';
export * from './dunning';
export * from './bank';
export * from './receivables-calls';
export * from './audit-export';
export * from './mail-inbox';
export * from './sender';
