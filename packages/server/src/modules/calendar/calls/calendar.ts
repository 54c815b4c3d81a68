import {
  calendarCalls,
  calendarMessages,
  calendarRights,
  type CalendarReply,
  type CalendarState,
} from '@hortus/contract/modules/calendar';
import type { LoadedUser } from '../../../platform/auth/session-user';
import { perObject, whileInputsSame, whileReadsHold } from '../../../platform/cache/derived';
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
  const window = windowOf(view);
  if (Object.keys(extra).length > 0) {
    const { settings, kalender, feed } = await builtState(db, user, view, window);
    // Object.assign, not a spread: a spread's copy may be placed in the old generation (see the dispatcher).
    return Object.assign({ status: 'success' as const, xtime, settings, kalender, feed }, extra);
  }
  // Kept per loaded user while the window, the birthdays' version the client holds and every cache entry
  // the build read are the same: per call only the head with xtime is written.
  const built = await keptStates(user, [view.von, view.bis, view.geburtstageStand], () =>
    builtState(db, user, view, window),
  );
  const reply: CalendarReply = {
    status: 'success',
    xtime,
    settings: built.settings,
    kalender: built.kalender,
    feed: built.feed,
  };
  return withJsonBody(reply, [`{"status":"success","xtime":${xtime}`, built.tail]);
}

/** The reply's parts after xtime and their JSON as bytes. */
interface BuiltState extends Pick<CalendarReply, 'settings' | 'kalender' | 'feed'> {
  tail: Buffer;
}

/**
 * The settings are one object per viewer and version, the state of a window one per data version and
 * set of categories: the reply after xtime (about 52 KB for a month) is made into bytes once for them.
 */
async function builtState(
  db: Db,
  user: LoadedUser,
  view: LoadView,
  window: EventWindow | undefined,
): Promise<BuiltState> {
  const settings = await loadSettingsFor(db, user, view.geburtstageStand);
  const kalender = await loadCalendarState(db, user, window);
  const feed = (await hasFeed(db, user.id)) ? feedOn : feedOff;
  const tail = replyTail(user, [settings, kalender, feed], () =>
    Buffer.concat([
      Buffer.from(`,"settings":${JSON.stringify(settings)},"kalender":`),
      stateBytes(kalender),
      Buffer.from(`,"feed":${JSON.stringify(feed)}}`),
    ]),
  );
  return { settings, kalender, feed, tail };
}

const feedOn = { aktiv: true };
const feedOff = { aktiv: false };

/** The last reply's bytes after xtime per loaded user, while its settings, state and feed flag are the same. */
const replyTail = whileInputsSame<LoadedUser, Buffer>();

/** The last load's parts per loaded user, while its fields and every cache entry read hold (`whileReadsHold`). */
export const keptStates = whileReadsHold<LoadedUser, BuiltState>();

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
