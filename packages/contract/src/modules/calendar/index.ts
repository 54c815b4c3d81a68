/** Module calendar: its public contract (`@hortus/contract/modules/calendar`). */
export * from './definition';
export * from './calls';
export * from './ical';
export * from './occurrences';
export * from './series';
