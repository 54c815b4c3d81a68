import {
  releaseMessages,
  type ConsentData,
  type HealthData,
  type ParentPickupData,
  type ParentPickupRemoval,
  type PermissionData,
  type SameDayData,
} from '@hortus/contract/modules/children';
import { cutoffPassed, reportDayErrors, type ParentReportsSettings } from '@hortus/contract/modules/parent-reports';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import { berlinNow } from '../../platform/time/berlin-time';
import {
  addPermission,
  addSameDayChange,
  answerConsent,
  proposeHealthNotes,
  removePickupPerson,
  savePickupPerson,
  type ChildAttendance,
} from '../children/public';
import { requireOwnChild } from './access';

/** einwilligung (issue 44): a yes or no (or revoking) for one's own child. */
export async function giveConsent(
  attendance: ChildAttendance,
  db: Db,
  user: Caller,
  input: ConsentData,
): Promise<void> {
  const child = await requireOwnChild(attendance, db, user, input.id_kind);
  await answerConsent(db, user.id, child, input.id_anfrage, input.zustimmung);
}

/** erlaubnis (issue 44): a new version of one's own child's permission to go home alone; applies at once. */
export async function givePermission(
  attendance: ChildAttendance,
  db: Db,
  user: Caller,
  input: PermissionData,
): Promise<void> {
  await requireOwnChild(attendance, db, user, input.id_kind);
  await addPermission(db, user.id, input.id_kind, input.alleinNachHause, false);
}

/** abholperson (issue 44): adds or changes a pickup person of one's own child, with its validity; applies at once. */
export async function givePickupPerson(
  attendance: ChildAttendance,
  db: Db,
  user: Caller,
  input: ParentPickupData,
): Promise<void> {
  await requireOwnChild(attendance, db, user, input.id_kind);
  await savePickupPerson(db, user.id, input.id_kind, input.person);
}

/** gesundheitVorschlag (issue 44): proposes new health notes for one's own child; staff accept or reject it. */
export async function proposeHealth(
  attendance: ChildAttendance,
  db: Db,
  user: Caller,
  input: HealthData,
): Promise<void> {
  const { id_kind, ...notes } = input;
  await requireOwnChild(attendance, db, user, id_kind);
  await proposeHealthNotes(db, user.id, id_kind, notes);
}

/** abholpersonEntfernen (issue 44): removes a pickup person of one's own child. */
export async function withdrawPickupPerson(
  attendance: ChildAttendance,
  db: Db,
  user: Caller,
  input: ParentPickupRemoval,
): Promise<void> {
  await requireOwnChild(attendance, db, user, input.id_kind);
  await removePickupPerson(db, user.id, input.id_kind, input.id);
}

/**
 * abholungHeute (issue 44): a same-day change for one's own child, for today until the deadline
 * (`abholungHeute_spaetestensBis`) or a day up to 7 ahead (the report form's days).
 */
export async function sendSameDayChange(
  attendance: ChildAttendance,
  db: Db,
  user: Caller,
  settings: Pick<ParentReportsSettings, 'abholungHeute_spaetestensBis'>,
  input: SameDayData,
  now = Date.now(),
): Promise<void> {
  await requireOwnChild(attendance, db, user, input.id_kind);
  const { day, time } = berlinNow(now);
  const dayErrors = reportDayErrors(input.tag, day);
  if (dayErrors.length > 0) throw invalid({ tag: dayErrors }, dayErrors.join(' '));
  const deadline = settings.abholungHeute_spaetestensBis;
  if (cutoffPassed(input.tag, deadline, day, time)) {
    const message = releaseMessages.deadlinePassed(deadline);
    throw invalid('tag', message);
  }
  await addSameDayChange(db, user.id, input);
}
