import {
  contactSettings,
  defaultContactSettings,
  parentReportsModule,
  type ContactSettings,
  type ParentReportsSettings,
} from '@hortus/contract/modules/parent-reports';
import type { Db } from '../../platform/db/database';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';
import type { ChildAttendance } from '../children/public';

function readContact(db: Db): Promise<ContactSettings> {
  return readModuleSettings(db, parentReportsModule.code, contactSettings, defaultContactSettings);
}

/**
 * 210's settings: the report fields are module 200's stored settings (one source of truth, also edited on
 * /200-set), the contact details 210's own.
 */
export async function readParentReportsSettings(attendance: ChildAttendance, db: Db): Promise<ParentReportsSettings> {
  const [report, contact] = await Promise.all([attendance.readReportSettings(db), readContact(db)]);
  return { ...report, ...contact };
}

/** settings (x|210|set): the report fields into module 200's settings, the contact into 210's, in one transaction. */
export async function saveParentReportsSettings(
  attendance: ChildAttendance,
  db: Db,
  input: ParentReportsSettings,
): Promise<void> {
  await db.transaction(async (tx) => {
    await attendance.saveReportSettings(tx, input);
    await writeModuleSettings(tx, parentReportsModule.code, contactSettings.parse(input));
  });
}
