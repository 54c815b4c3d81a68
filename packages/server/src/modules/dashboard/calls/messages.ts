import { messages } from '@hortus/contract';
import { dashboardCalls, dashboardRights, feedbackCsv, feedbackCsvName } from '@hortus/contract/modules/dashboard';
import { offerFile } from '../../../platform/files/offer-file';
import { CallError, defineCall } from '../../../platform/http/calls';
import { deleteMessage, markPopupSeen, saveMessage } from '../messages';
import { feedbackOverview, feedbackUsers, saveFeedback } from '../messages-feedback';
import { shapeMessages } from '../messages-feed';
import { notifyRecipients } from '../messages-notify';
import { audienceMembers, canCreateMessages, requireOwnMessage } from '../access';
import { dashboardSettingsOf } from '../widgets';

/**
 * Widget 1's actions. A widget call: the platform answers it only for users the widget is shown to
 * (news-feed.ts registers it with the widget).
 */
export const w1Call = defineCall(dashboardCalls.w1).forSession({
  rights: [dashboardRights.view],
  async handle({ app, db, input, user }) {
    const task = input.dataToSave;
    if (task === undefined || task === null) return { status: 'success', savedMeldung: null, users: [] };
    // Recipients through a class (klassen) are the class's parents as they are now.
    const members = await audienceMembers(app, db);
    switch (task.func) {
      case 'saveMeldung': {
        if (task.data.id === 0 && !canCreateMessages(await dashboardSettingsOf(app), user)) {
          throw new CallError('noRight', messages.accessDenied);
        }
        const classes = app.audiences ? await app.audiences.list(db) : [];
        const row = await saveMessage(db, user, task.data, { ids: new Set(classes.map((entry) => entry.id)), members });
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
        await deleteMessage(db, user, task.data.id, members);
        return { status: 'success', savedMeldung: null, users: [] };
      case 'saveRueckmeldung': {
        const row = await saveFeedback(db, user, task.data.meldungId, task.data.werte, members);
        const [savedMeldung] = await shapeMessages(db, [row], user);
        return { status: 'success', savedMeldung: savedMeldung ?? null, users: [] };
      }
      case 'settingsRueckmeldungenuebersicht': {
        const list = await feedbackOverview(db, user, task.meldungId, task.type, task.data.userId, members);
        return { status: 'success', savedMeldung: null, users: list };
      }
      case 'popupGesehen': {
        const row = await markPopupSeen(db, user, task.data.meldungId, members);
        const [savedMeldung] = await shapeMessages(db, [row], user);
        return { status: 'success', savedMeldung: savedMeldung ?? null, users: [] };
      }
    }
  },
});

/** CSV export of a message's feedback results (author only); GET for a plain download link, POST like every call. */
export const w1CsvCall = defineCall(dashboardCalls.w1csv).forSession({
  rights: [dashboardRights.view],
  async handle({ app, db, input, user }) {
    const row = await requireOwnMessage(db, input.meldungId, user, await audienceMembers(app, db));
    const csv = feedbackCsv(row.feedbackFields, await feedbackUsers(db, row.id));
    return offerFile(
      { app, user },
      { name: feedbackCsvName(row.titel, row.id), mime: 'text/csv; charset=utf-8', bytes: csv },
      { via: 'reply' },
    );
  },
});
