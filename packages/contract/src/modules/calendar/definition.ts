import type { ModuleDefinition } from '../../platform/module-definition';

export const calendarRights = {
  calendar: 'x|110',
  settings: 'x|110|set',
} as const;

/** Module 110 Kalender: the shared calendar, two placeholder tabs and the calendar settings. */
export const calendarModule: ModuleDefinition = {
  code: '110',
  title: 'Kalender',
  icon: 'CalendarMonth',
  menuRight: calendarRights.calendar,
  quicknav: true,
  sort: 110,
  dependsOn: [],
  tabs: [
    { code: '', label: 'Kalender', right: calendarRights.calendar },
    { code: '100', label: 'Tab 2', right: calendarRights.calendar },
    { code: '200', label: 'Tab 3', right: calendarRights.calendar },
    { code: 'set', label: 'Einstellungen', right: calendarRights.settings },
  ],
  rights: {
    right: calendarRights.calendar,
    label: 'Kalender',
    icon: 'CalendarMonth',
    children: [{ right: calendarRights.settings, label: 'Kalender-Einstellungen', icon: 'Settings' }],
  },
};
