/** Module payroll: its public contract (`@hortus/contract/modules/payroll`). */
export * from './definition';
export * from './calls';
export * from './logic';
export * from './lodas';
export * from './lohn-gehalt';
export * from './payroll-export';
