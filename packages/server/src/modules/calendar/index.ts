import type { ServerModule } from '../../platform/modules/server-module';
import { getOrSaveSettingsCall } from './calls/calendar';
import { seedCalendarDemo } from './demo-seed';
import { registerFeedRoute, revokeFeedToken } from './feed';
import { ensureDefaultCategory } from './state';
import { calendarProcessing } from './processing';

/** Module 110: calendar with the private iCalendar feed. */
export const calendarServerModule: ServerModule = {
  code: '110',
  processing: calendarProcessing,
  calls: [getOrSaveSettingsCall],
  routes: registerFeedRoute,
  // A password reset also ends the private feed (its address opens the calendar without a password).
  endCredentials: revokeFeedToken,
  demoSeed: (db, demo) => seedCalendarDemo(db, demo.now.getTime()),
  setup: ensureDefaultCategory,
};
