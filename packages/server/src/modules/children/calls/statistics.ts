import { childrenRights, statisticsCalls } from '@hortus/contract/modules/children';
import { defineCall } from '../../../platform/http/calls';
import { dayList, deleteArchiveFile, saveDayRows, statisticsLists } from '../statistics';
import { countEvaluated, createEvaluation } from '../statistics-evaluation';

/** saveAnwesenheit (x|200|200): deletes an archive file and/or saves rows of the day, then answers the day list. */
export const saveAnwesenheitCall = defineCall(statisticsCalls.saveAnwesenheit).forSession({
  rights: [childrenRights.statistics],
  async handle({ app, db, input, user }) {
    if (input.delDokument) await deleteArchiveFile(app, user, input.delDokument);
    if (input.liste) await saveDayRows(db, user, input.tag, input.liste);
    const [anwesenheiten, lists] = await Promise.all([dayList(db, user, input.tag), statisticsLists(db, user)]);
    return { status: 'success', tag: input.tag, anwesenheiten, ...lists };
  },
});

/** createAnwesenheitsstatistik (x|200|200): day PDF, month ZIP or an archive file, for download.php. */
export const createAnwesenheitsstatistikCall = defineCall(statisticsCalls.createAnwesenheitsstatistik).forSession({
  rights: [childrenRights.statistics],
  async handle({ app, db, input, user }) {
    const made = await createEvaluation(app, user, {
      typ: input.typ,
      wert: input.wert,
      options: input.monatsuebersichtElemente,
    });
    return { status: 'success', ...made, ...(await statisticsLists(db, user)) };
  },
});

/** zaehleAnwesenheiten (x|200|200): the records an evaluation would delete, for the question before deleting. */
export const zaehleAnwesenheitenCall = defineCall(statisticsCalls.zaehleAnwesenheiten).forSession({
  rights: [childrenRights.statistics],
  async handle({ db, input, user }) {
    return { status: 'success', anzahl: await countEvaluated(db, user, input) };
  },
});
