import type { ServerModule } from '../../platform/modules/server-module';
import { calendarCalls } from './calls';
import { seedCalendarDemo } from './demo-seed';
import { registerFeedRoute } from './feed';

/** Module 110: calendar with the private iCalendar feed. */
export const calendarServerModule: ServerModule = {
  code: '110',
  calls: calendarCalls,
  routes: registerFeedRoute,
  demoSeed: (db, demo) => seedCalendarDemo(db, demo.now.getTime()),
};
