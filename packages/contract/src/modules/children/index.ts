/** Module children: its public contract (`@hortus/contract/modules/children`). */
export * from './definition';
export * from './calls';
export * from './logic';
export * from './history';
export * from './id-cards';
export * from './school-year';
export * from './statistics';
export * from './release';
export * from './consents';
export * from './report-settings';
export * from './health-proposals';
