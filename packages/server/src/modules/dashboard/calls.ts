import {
  dashboardRights,
  dashboardWidgets,
  feedbackCsv,
  getDashboardRequest,
  hasRight,
  messages,
  w1CsvRequest,
  w1Request,
  type GetDashboardReply,
  type W1Reply,
} from '@hortus/contract';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { offerFile } from '../../platform/files/offer-file';
import { CallError, defineCall, type AppContext, type CallDefinition } from '../../platform/http/calls';
import {
  deleteMessage,
  feedbackOverview,
  feedbackUsers,
  markPopupSeen,
  ownMessage,
  saveFeedback,
  saveMessage,
  shapeMessages,
} from './messages';
import { deliverDueNotices, notifyRecipients } from './notify';
import { mayCreateMessages, readDashboardSettings, saveDashboardSettings, seesWidget } from './settings';
import { widgetsFor } from './widgets';

/** Calls of the dashboard (000) under /_api/000/000/ (docs/api.md). */
const path000 = '/_api/000/000/';

export const getDashboardCall = defineCall({
  path: path000,
  func: 'getSettings',
  auth: 'session',
  rights: [dashboardRights.view, dashboardRights.settings],
  request: getDashboardRequest,
  async handle({ db, input, user }): Promise<GetDashboardReply> {
    if (input.dataToSave) {
      if (!hasRight(user.rechte, dashboardRights.settings)) throw new CallError('noRight', messages.accessDenied);
      await saveDashboardSettings(db, input.dataToSave.data);
    }
    const settings = await readDashboardSettings(db);
    const canView = hasRight(user.rechte, dashboardRights.view);
    return {
      status: 'success',
      save: {
        xtime: Date.now(),
        settings: {
          ...settings,
          allWidgets: dashboardWidgets.map((widget) => ({ id: widget.id, name: widget.name })),
          // Classes come with the children module (200); until then there is nothing to filter by.
          w1_200_Klassen: [],
        },
        widgets: canView ? await widgetsFor(db, user, settings) : [],
      },
    };
  },
});

async function requireW1(db: Db, user: LoadedUser) {
  const settings = await readDashboardSettings(db);
  if (!seesWidget(settings, 'w1', user)) throw new CallError('noRight', messages.accessDenied);
  return settings;
}

export const w1Call = defineCall({
  path: path000,
  func: 'w1',
  auth: 'session',
  rights: [dashboardRights.view],
  request: w1Request,
  async handle({ app, db, input, user }): Promise<W1Reply> {
    const settings = await requireW1(db, user);
    const task = input.dataToSave;
    switch (task.func) {
      case 'saveMeldung': {
        if (task.data.id === 0 && !mayCreateMessages(settings, user)) {
          throw new CallError('noRight', messages.accessDenied);
        }
        const row = await saveMessage(db, user, task.data);
        const mailCount = await notifyRecipients(app, row, task.data, task.data.id === 0);
        const [savedMeldung] = await shapeMessages(db, [row], user);
        return {
          status: 'success',
          savedMeldung: savedMeldung ?? null,
          users: [],
          ...(mailCount === null ? {} : { mailEmpfaenger: mailCount }),
        };
      }
      case 'delMeldung':
        await deleteMessage(db, user, task.data.id);
        return { status: 'success', savedMeldung: null, users: [] };
      case 'saveRueckmeldung': {
        const row = await saveFeedback(db, user, task.data.meldungId, task.data.werte);
        const [savedMeldung] = await shapeMessages(db, [row], user);
        return { status: 'success', savedMeldung: savedMeldung ?? null, users: [] };
      }
      case 'settingsRueckmeldungenuebersicht': {
        const list = await feedbackOverview(db, user, task.meldungId, task.type, task.data.userId);
        return { status: 'success', savedMeldung: null, users: list };
      }
      case 'popupGesehen': {
        const row = await markPopupSeen(db, user, task.data.meldungId);
        const [savedMeldung] = await shapeMessages(db, [row], user);
        return { status: 'success', savedMeldung: savedMeldung ?? null, users: [] };
      }
    }
  },
});

/** CSV export of a message's feedback results (author only); GET for a plain download link, POST like every call. */
export const w1CsvCall = defineCall({
  path: path000,
  func: 'w1csv',
  auth: 'session',
  allowGet: true,
  rights: [dashboardRights.view],
  request: w1CsvRequest,
  async handle({ app, db, input, user }) {
    await requireW1(db, user);
    const row = await ownMessage(db, input.meldungId, user);
    const csv = feedbackCsv(row.feedbackFields, await feedbackUsers(db, row.id));
    return offerFile(
      { app, user },
      { name: `Rueckmeldungen-${row.id}.csv`, mime: 'text/csv; charset=utf-8', bytes: csv },
      { via: 'reply' },
    );
  },
});

export const dashboardCalls: CallDefinition[] = [getDashboardCall, w1Call, w1CsvCall];

/** Planned messages send their push and mails when their window opens (checked every minute). */
export const dashboardNoticeJob = {
  name: 'dashboard-planned-notices',
  everyMs: 60_000,
  run: (app: AppContext) => deliverDueNotices(app),
};
