import { calendarRequest, calendarRights, hasRight, type CalendarReply } from '@hortus/contract';
import type { Db } from '../../platform/db/database';
import { CallError, defineCall, type CallDefinition } from '../../platform/http/calls';
import { messages } from '@hortus/contract';
import type { LoadedUser } from '../../platform/auth/session-user';
import { feedUrl, hasFeed, renewFeedToken, revokeFeedToken } from './feed';
import { deleteEvent, loadCalendarState, loadSettingsFor, saveCalendarSettings, saveEvent } from './service';

/**
 * The calendar's one call (core.md section 7): POST /_api/000/110/?getOrSaveSettings with dataToSave
 * {type: load | saveTermin | delTermin | saveSettings | feedNeu | feedWiderrufen}. Every reply carries
 * the state after the change (xtime, settings, kalender, feed) — see docs/api.md.
 */
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

export const calendarCall = defineCall({
  path: '/_api/000/110/',
  queryKey: 'getOrSaveSettings',
  auth: 'session',
  rights: [calendarRights.calendar],
  request: calendarRequest,
  async handle({ app, db, input, user }): Promise<CalendarReply> {
    const data = input.dataToSave ?? { type: 'load' as const };
    switch (data.type) {
      case 'load':
        return stateReply(db, user);
      case 'saveTermin': {
        const id = await saveEvent(db, user, data.data, data.ausnahme);
        return stateReply(db, user, { saveTerminNeuId: id });
      }
      case 'delTermin':
        await deleteEvent(db, user, data.data.id, data.data.ausnahme);
        return stateReply(db, user);
      case 'saveSettings':
        if (!hasRight(user.rechte, calendarRights.settings)) throw new CallError('noRight', messages.accessDenied);
        await saveCalendarSettings(db, data.data);
        return stateReply(db, user);
      case 'feedNeu': {
        const token = await renewFeedToken(db, user.id);
        const reply = await stateReply(db, user);
        return { ...reply, feed: { aktiv: true, url: feedUrl(app.publicUrl, token) } };
      }
      case 'feedWiderrufen':
        await revokeFeedToken(db, user.id);
        return stateReply(db, user);
    }
  },
});

export const calendarCalls: CallDefinition[] = [calendarCall];
