import { and, eq, inArray } from 'drizzle-orm';
import { messages } from '@hortus/contract';
import {
  SICK,
  ABSENT,
  cutoffPassed,
  isLateReport,
  lateText,
  offeredReleaseTimes,
  parentReportsMessages,
  reportComment,
  reportDayErrors,
  reportDays,
  reportText,
  type ReportData,
} from '@hortus/contract/modules/parent-reports';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { files } from '../../platform/db/schema';
import { CallError, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import type { ChildAttendance } from '../children/public';
import { berlinNow } from '../../platform/time/berlin-time';
import { notifyLateReport } from './reports-late-push';
import { REPORT_FILE_AREA } from './uploads';
import { ownChildren } from './access';

export interface SentReport {
  verspaetet: boolean;
  text: string;
  /** The exceptions made (one per child and day). */
  ids: number[];
}

/**
 * meldung: one parent exception per chosen child and day (school.md 3.3, 4.11, 5.3). Only the caller's
 * own children (another family's child → noRight); the days from today up to 7 ahead; a release time
 * only when offered by its conditions; comment and attachments only when allowed. A newer report of a
 * child and day replaces the older one (kept inactive in the history). All in one transaction; a report
 * after today's cut-off answers the late text and tells the class's editors by push.
 */
export async function sendReport(
  attendance: ChildAttendance,
  db: Db,
  user: Caller,
  input: ReportData,
  now = Date.now(),
): Promise<SentReport> {
  const { day: today, time } = berlinNow(now);
  const settings = await attendance.readReportSettings(db);
  const [from, to] = input.tag <= input.tag_bis ? [input.tag, input.tag_bis] : [input.tag_bis, input.tag];
  const fromErrors = reportDayErrors(from, today);
  const toErrors = reportDayErrors(to, today);
  if (fromErrors.length > 0 || toErrors.length > 0) {
    // The message: every 5.3 text once (a past day gives both).
    throw invalid(
      { ...(fromErrors.length > 0 ? { tag: fromErrors } : {}), ...(toErrors.length > 0 ? { tag_bis: toErrors } : {}) },
      [...new Set([...fromErrors, ...toErrors])].join(' '),
    );
  }
  const ids = [...new Set(input.kind)];
  const kinder = await ownChildren(attendance, db, user, ids);
  if (kinder.length !== ids.length) throw new CallError('noRight', messages.accessDenied);

  const present = input.anwesenheit !== ABSENT && input.anwesenheit !== SICK;
  if (present) {
    const offered = offeredReleaseTimes(
      settings.moeglicheEntlasszeiten,
      settings.moeglicheEntlasszeiten_bedingungen,
      kinder.map((kind) => kind.classId),
      from,
      to,
    );
    if (!offered.includes(input.anwesenheit))
      throw invalid({ anwesenheit: [parentReportsMessages.releaseTimeNotOffered] });
  }
  if (input.kommentar.trim() !== '' && !settings.meldung_erlaubeKommentar) {
    throw invalid({ kommentar: [parentReportsMessages.commentNotAllowed] });
  }
  const paths = [...new Set(input.anhaenge)];
  if (paths.length > 0 && !settings.meldung_erlaubeDateiupload) {
    throw invalid({ anhaenge: [parentReportsMessages.uploadNotAllowed] });
  }
  const days = reportDays(from, to);
  const comment = reportComment(input.anwesenheit, input.kommentar);
  const createdAt = new Date(now);

  const made = await db.transaction(async (tx) => {
    // Only the caller's own uploads that no report uses yet.
    const attachments =
      paths.length === 0
        ? []
        : await tx
            .select({ id: files.id })
            .from(files)
            .where(
              and(
                inArray(files.path, paths),
                eq(files.area, REPORT_FILE_AREA),
                eq(files.ownerUserId, user.id),
                attendance.fileUnattached(tx),
              ),
            );
    if (attachments.length !== paths.length) throw invalid({ anhaenge: [parentReportsMessages.unknownAttachment] });
    return attendance.replaceParentReports(
      tx,
      kinder.flatMap((kind) =>
        days.map((day) => ({
          childId: kind.id,
          day,
          present,
          releaseTime: present ? input.anwesenheit : '00:00',
          comment,
          createdBy: user.id,
          createdAt,
        })),
      ),
      attachments.map((file) => file.id),
    );
  });

  const cutoff = settings.anwesenheitMeldungSpaetestensBis;
  const late = isLateReport(days, cutoff, today, time);
  if (late) {
    // Only today can be late (past days are refused): every reported child is reported for today.
    await notifyLateReport(attendance, db, kinder, reportText(present, present ? input.anwesenheit : '00:00', comment));
  }
  return {
    verspaetet: late,
    text: late ? lateText(settings.text_meldungVerpaetet, cutoff) : parentReportsMessages.received,
    ids: made,
  };
}

/**
 * widerrufen (beyond the spec): the caller's own active report of a day whose cut-off has not passed
 * becomes inactive (the history keeps it). Another family's report or an unknown id → notFound.
 */
export async function withdrawReport(
  attendance: ChildAttendance,
  db: Db,
  user: Caller,
  id: number,
  now = Date.now(),
): Promise<void> {
  const { day: today, time } = berlinNow(now);
  const settings = await attendance.readReportSettings(db);
  await db.transaction(async (tx) => {
    const row = await attendance.lockParentReport(tx, id);
    const found = requireRecord(
      row,
      { canSee: (r) => r.byParent && r.parentUserId === user.id },
      parentReportsMessages.unknownReport,
    );
    requireRecord(
      found,
      { canSee: true, canChange: (r) => r.active, noRightMessage: parentReportsMessages.alreadyWithdrawn },
      parentReportsMessages.unknownReport,
    );
    requireRecord(
      found,
      {
        canSee: true,
        canChange: (r) => !cutoffPassed(r.day, settings.anwesenheitMeldungSpaetestensBis, today, time),
        noRightMessage: parentReportsMessages.withdrawTooLate,
      },
      parentReportsMessages.unknownReport,
    );
    await attendance.withdrawParentReport(tx, id);
  });
}
