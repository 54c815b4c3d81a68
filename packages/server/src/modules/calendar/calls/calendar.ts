import {
  calendarCalls,
  calendarMessages,
  calendarRights,
  type CalendarReply,
  type CalendarState,
} from '@hortus/contract/modules/calendar';
import type { LoadedUser } from '../../../platform/auth/session-user';
import { perObject, whileInputsSame } from '../../../platform/cache/derived';
import type { Db } from '../../../platform/db/database';
import { appAddress } from '../../../platform/http/app-address';
import { defineCall, withJsonBody, invalid } from '../../../platform/http/calls';
import { feedUrl, hasFeed, renewFeedToken, revokeFeedToken } from '../feed';
import { deleteEvent, saveEvent } from '../events';
import { loadSettingsFor, saveCalendarSettings } from '../settings';
import { loadCalendarState, type EventWindow } from '../state';

/** Every reply carries the state after the change (xtime, settings, kalender, feed) — see docs/api.md. */
async function stateReply(
  db: Db,
  user: LoadedUser,
  view: LoadView,
  extra: Partial<CalendarReply> = {},
): Promise<CalendarReply> {
  const xtime = Date.now();
  const settings = await loadSettingsFor(db, user, view.geburtstageStand);
  const kalender = await loadCalendarState(db, user, windowOf(view));
  const feed = (await hasFeed(db, user.id)) ? feedOn : feedOff;
  const reply: CalendarReply = { status: 'success', xtime, settings, kalender, feed };
  // Object.assign, not a spread: a spread's copy may be placed in the old generation (see the dispatcher).
  if (Object.keys(extra).length > 0) return Object.assign(reply, extra);
  // The settings are one object per viewer and version, the state of a window one per data version and
  // set of categories: the reply after xtime (about 52 KB for a month) is made into bytes once for them
  // and only the head with xtime is written per call.
  const tail = replyTail(user, [settings, kalender, feed], () =>
    Buffer.concat([
      Buffer.from(`,"settings":${JSON.stringify(settings)},"kalender":`),
      stateBytes(kalender),
      Buffer.from(`,"feed":${JSON.stringify(feed)}}`),
    ]),
  );
  return withJsonBody(reply, [`{"status":"success","xtime":${xtime}`, tail]);
}

const feedOn = { aktiv: true };
const feedOff = { aktiv: false };

/** The last reply's bytes after xtime per loaded user, while its settings, state and feed flag are the same. */
const replyTail = whileInputsSame<LoadedUser, Buffer>();

const stateBytes = perObject((state: CalendarState) => Buffer.from(JSON.stringify(state)));

/** What the client asks the state for: a time window and the birthdays' version it holds (our extension). */
interface LoadView {
  von?: number | undefined;
  bis?: number | undefined;
  geburtstageStand?: string | undefined;
}

/** The window when both ends are given and in order; otherwise the whole calendar. */
function windowOf(view: LoadView): EventWindow | undefined {
  if (view.von === undefined || view.bis === undefined) return undefined;
  if (view.bis <= view.von) {
    throw invalid({ bis: [calendarMessages.endBeforeStart] });
  }
  return { von: view.von, bis: view.bis };
}

/** The calendar's one call (core.md section 7); saveSettings' x|110|set is checked by the dispatcher. */
export const getOrSaveSettingsCall = defineCall(calendarCalls.getOrSaveSettings).forSession({
  rights: [calendarRights.calendar],
  async handle({ app, db, input, user, request }) {
    const action = input.dataToSave;
    switch (action?.type) {
      case undefined:
      case 'load':
        return stateReply(db, user, input);
      case 'saveTermin': {
        const id = await saveEvent(db, user, action.data, action.ausnahme);
        return stateReply(db, user, input, { saveTerminNeuId: id });
      }
      case 'delTermin':
        await deleteEvent(db, user, action.data.id, action.data.ausnahme);
        return stateReply(db, user, input);
      case 'saveSettings':
        await saveCalendarSettings(db, action.data);
        return stateReply(db, user, input);
      case 'feedNeu': {
        const token = await renewFeedToken(db, user.id);
        const reply = await stateReply(db, user, input);
        return { ...reply, feed: { aktiv: true, url: feedUrl(await appAddress(app, request), token) } };
      }
      case 'feedWiderrufen':
        await revokeFeedToken(db, user.id);
        return stateReply(db, user, input);
    }
  },
});
