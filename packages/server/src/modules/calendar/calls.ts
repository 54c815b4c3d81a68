import { calendarCalls, calendarRights, type CalendarReply } from '@hortus/contract';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { appAddress } from '../../platform/http/app-address';
import { defineCall, type CallDefinition } from '../../platform/http/calls';
import { feedUrl, hasFeed, renewFeedToken, revokeFeedToken } from './feed';
import { deleteEvent, loadCalendarState, loadSettingsFor, saveCalendarSettings, saveEvent } from './service';

/** Every reply carries the state after the change (xtime, settings, kalender, feed) — see docs/api.md. */
async function stateReply(db: Db, user: LoadedUser, extra: Partial<CalendarReply> = {}): Promise<CalendarReply> {
  return {
    status: 'success',
    xtime: Date.now(),
    settings: await loadSettingsFor(db, user),
    kalender: await loadCalendarState(db, user),
    feed: { aktiv: await hasFeed(db, user.id) },
    ...extra,
  };
}

/** The calendar's one call (core.md section 7); saveSettings' x|110|set is checked by the dispatcher. */
export const getOrSaveCalendarCall = defineCall(calendarCalls.getOrSaveSettings).forSession({
  rights: [calendarRights.calendar],
  async handle({ app, db, input, user, request }) {
    const action = input.dataToSave;
    switch (action?.type) {
      case undefined:
      case 'load':
        return stateReply(db, user);
      case 'saveTermin': {
        const id = await saveEvent(db, user, action.data, action.ausnahme);
        return stateReply(db, user, { saveTerminNeuId: id });
      }
      case 'delTermin':
        await deleteEvent(db, user, action.data.id, action.data.ausnahme);
        return stateReply(db, user);
      case 'saveSettings':
        await saveCalendarSettings(db, action.data);
        return stateReply(db, user);
      case 'feedNeu': {
        const token = await renewFeedToken(db, user.id);
        const reply = await stateReply(db, user);
        return { ...reply, feed: { aktiv: true, url: feedUrl(await appAddress(app, request), token) } };
      }
      case 'feedWiderrufen':
        await revokeFeedToken(db, user.id);
        return stateReply(db, user);
    }
  },
});

export const calendarServerCalls: CallDefinition[] = [getOrSaveCalendarCall];
