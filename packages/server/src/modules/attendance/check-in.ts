import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { conditionAllows, formatGermanDate } from '@hortus/contract';
import {
  QR_VALUE_PATTERN,
  attendanceMessages,
  checkInUrl,
  type ScannedQrCodeReply,
} from '@hortus/contract/modules/attendance';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { offerFile, type OfferedFile } from '../../platform/files/offer-file';
import type { AppContext } from '../../platform/http/calls';
import { qrCodePdf } from '../../platform/qr/qr-pdf';
import { loadPeople, prueflingeOf, usersOnLeave } from './people';
import { QR_FILE_AREA, type PollRow, type SlotRow } from './access';
import { attendanceEntries, attendancePolls, attendanceSlots } from './schema';
import { readAttendanceSettings } from './settings';

/** A new unguessable QR value: 128 random bits, base64url (22 characters). */
export function newQrValue(): string {
  return randomBytes(16).toString('base64url');
}

function scanError(message: string, slotname = ''): ScannedQrCodeReply {
  return { status: 'success', errorQRcode: true, message, slotname, id_anwesenheit: 0 };
}

/**
 * QR check-in: a slot value (sa) checks into the slot's latest open poll, a poll value (saa) into that
 * poll while it is open. The scanning user must be assessed in the slot (or already listed in the poll).
 */
export async function checkIn(db: Db, user: LoadedUser, value: string): Promise<ScannedQrCodeReply> {
  if (!QR_VALUE_PATTERN.test(value)) return scanError(attendanceMessages.qrInvalid);
  let poll: PollRow | undefined;
  let slot: SlotRow | undefined;
  [slot] = await db.select().from(attendanceSlots).where(eq(attendanceSlots.qrCode, value)).limit(1);
  if (slot) {
    [poll] = await db
      .select()
      .from(attendancePolls)
      .where(and(eq(attendancePolls.slotId, slot.id), eq(attendancePolls.geschlossen, false)))
      .orderBy(desc(attendancePolls.datum), desc(attendancePolls.id))
      .limit(1);
  } else {
    [poll] = await db.select().from(attendancePolls).where(eq(attendancePolls.qrCode, value)).limit(1);
    if (poll) [slot] = await db.select().from(attendanceSlots).where(eq(attendanceSlots.id, poll.slotId)).limit(1);
  }
  if (!slot || !poll || poll.geschlossen) return scanError(attendanceMessages.qrExpired, slot?.name ?? '');
  const current = poll;
  const [listed] = await db
    .select()
    .from(attendanceEntries)
    .where(and(eq(attendanceEntries.pollId, current.id), eq(attendanceEntries.userId, user.id)))
    .limit(1);
  if (!listed && !conditionAllows(slot.conditions.pruefling, user)) {
    return scanError(attendanceMessages.qrNotAssessed, slot.name);
  }
  const settings = await readAttendanceSettings(db);
  const people = current.qrScanned ? [] : prueflingeOf(slot, await loadPeople(db));
  const onLeave = current.qrScanned ? new Set<number>() : await usersOnLeave(db, settings);
  await db.transaction(async (tx) => {
    if (!current.qrScanned) {
      // The first check-in: people still without status get standard_status_qrscanned (not those on leave).
      if (people.length > 0) {
        await tx
          .insert(attendanceEntries)
          .values(people.map((person) => ({ pollId: current.id, userId: person.id, status: 0 })))
          .onConflictDoNothing();
      }
      if (settings.standard_status_qrscanned !== 0) {
        const excluded = [...onLeave, user.id];
        await tx
          .update(attendanceEntries)
          .set({ status: settings.standard_status_qrscanned })
          .where(
            and(
              eq(attendanceEntries.pollId, current.id),
              eq(attendanceEntries.status, 0),
              sql`${attendanceEntries.userId} not in (${sql.join(
                excluded.map((id) => sql`${id}`),
                sql`, `,
              )})`,
            ),
          );
      }
      await tx.update(attendancePolls).set({ qrScanned: true }).where(eq(attendancePolls.id, current.id));
    }
    await tx
      .insert(attendanceEntries)
      .values({ pollId: current.id, userId: user.id, status: 1 })
      .onConflictDoUpdate({ target: [attendanceEntries.pollId, attendanceEntries.userId], set: { status: 1 } });
  });
  return {
    status: 'success',
    errorQRcode: false,
    message: attendanceMessages.qrCheckedIn,
    slotname: slot.name,
    id_anwesenheit: current.id,
  };
}

/**
 * The QR code PDF of a slot (its latest open poll) or of one poll, stored in area f100-150-qr for
 * download.php; renewing a slot's or poll's code makes old prints useless.
 */
export async function offerQrCode(
  app: AppContext,
  user: LoadedUser,
  { slot, poll }: { slot: SlotRow; poll: PollRow | null },
  appAddress: string,
): Promise<OfferedFile> {
  const content = poll ? checkInUrl(appAddress, 'saa', poll.qrCode) : checkInUrl(appAddress, 'sa', slot.qrCode);
  const name = poll ? poll.titel : slot.name;
  const bytes = await qrCodePdf({
    content,
    title: name,
    subtitle: poll ? `${slot.name} · ${formatGermanDate(poll.datum)}` : slot.sort,
  });
  const filePath = poll ? `f100-150/qr/slot-${slot.id}-anwesenheit-${poll.id}.pdf` : `f100-150/qr/slot-${slot.id}.pdf`;
  return offerFile(
    { app, user },
    { name: `QR-Code-${name}.pdf`, mime: 'application/pdf', bytes },
    { via: 'download', area: QR_FILE_AREA, path: filePath },
  );
}
