import { hasRight } from '@hortus/contract';
import { childrenRights, schoolYearCalls, statisticsCalls } from '@hortus/contract/modules/children';
import { defineCall, type FileAccessRule } from '../../../platform/http/calls';
import { runSchoolYear } from '../school-year/school-year';
import {
  canSeeArchiveFile,
  countEvaluated,
  createEvaluation,
  dayList,
  deleteArchiveFile,
  saveDayRows,
  statisticsLists,
} from './statistics';

/** saveAnwesenheit (x|200|200): deletes an archive file and/or saves rows of the day, then answers the day list. */
export const saveAttendanceCall = defineCall(statisticsCalls.saveAnwesenheit).forSession({
  rights: [childrenRights.statistics],
  async handle({ app, db, input, user }) {
    if (input.delDokument) await deleteArchiveFile(app, user, input.delDokument);
    if (input.liste) await saveDayRows(db, user, input.tag, input.liste);
    const [anwesenheiten, lists] = await Promise.all([dayList(db, user, input.tag), statisticsLists(db, user)]);
    return { status: 'success', tag: input.tag, anwesenheiten, ...lists };
  },
});

/** createAnwesenheitsstatistik (x|200|200): day PDF, month ZIP or an archive file, for download.php. */
export const createStatisticsCall = defineCall(statisticsCalls.createAnwesenheitsstatistik).forSession({
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
export const countStatisticsCall = defineCall(statisticsCalls.zaehleAnwesenheiten).forSession({
  rights: [childrenRights.statistics],
  async handle({ db, input, user }) {
    return { status: 'success', anzahl: await countEvaluated(db, user, input) };
  },
});

/** neuesSchuljahr (x|200|set): the school-year wizard's change, all or nothing. */
export const schoolYearCall = defineCall(schoolYearCalls.neuesSchuljahr).forSession({
  rights: [childrenRights.settings],
  async handle({ app, input, user }) {
    return { status: 'success', ergebnis: await runSchoolYear(app, user, input.neuesSchuljahrStatus) };
  },
});

/** Archived evaluations (f200-200): the statistics right and every class the archive covers seen. */
export const statisticsFileAccess: FileAccessRule = async (ctx, user, file) =>
  hasRight(user.rechte, childrenRights.statistics) && canSeeArchiveFile(ctx.db, user, file.id);
