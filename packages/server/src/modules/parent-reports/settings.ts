import { facilityAddressLines, type Facility } from '@hortus/contract';
import {
  contactSettings,
  defaultContactSettings,
  parentReportsModule,
  type ContactSettings,
  type ParentReportsSettings,
} from '@hortus/contract/modules/parent-reports';
import type { Db } from '../../platform/db/database';
import { readFacility } from '../../platform/settings/org-data';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';
import type { ChildAttendance } from '../children/public';

function readContact(db: Db): Promise<ContactSettings> {
  return readModuleSettings(db, parentReportsModule.code, contactSettings, defaultContactSettings);
}

/** The five facility fields of the 'Kontakt' tab, answered from the app settings' facility (issue 47). */
type FacilityContact = Pick<
  ContactSettings,
  'kontakt_name' | 'kontakt_adresse' | 'kontakt_telefon' | 'kontakt_email' | 'kontakt_oeffnungszeiten'
>;

function contactOfFacility(facility: Facility): FacilityContact {
  return {
    kontakt_name: facility.name,
    kontakt_adresse: facilityAddressLines(facility).join('\n'),
    kontakt_telefon: facility.telefon,
    kontakt_email: facility.email,
    kontakt_oeffnungszeiten: facility.oeffnungszeiten,
  };
}

/**
 * 210's settings: the report fields are module 200's stored settings (one source of truth, also edited on
 * /200-set), name, address, phone, e-mail and opening hours the facility's (app settings, /001), the mailboxes
 * and the same-day pickup time 210's own.
 */
export async function readParentReportsSettings(attendance: ChildAttendance, db: Db): Promise<ParentReportsSettings> {
  const [report, contact, facility] = await Promise.all([
    attendance.readReportSettings(db),
    readContact(db),
    readFacility(db),
  ]);
  return { ...report, ...contact, ...contactOfFacility(facility) };
}

/**
 * settings (x|210|set): the report fields into module 200's settings, the mailboxes and the pickup time into
 * 210's, in one transaction. The five facility fields of the input are ignored (edited in /001); 210's old stored
 * values stay as they were (the migration to the facility read them).
 */
export async function saveParentReportsSettings(
  attendance: ChildAttendance,
  db: Db,
  input: ParentReportsSettings,
): Promise<void> {
  await db.transaction(async (tx) => {
    await attendance.saveReportSettings(tx, input);
    const stored = await readContact(tx);
    const { kontakt_gruppen, abholungHeute_spaetestensBis } = contactSettings.parse(input);
    await writeModuleSettings(tx, parentReportsModule.code, {
      ...stored,
      kontakt_gruppen,
      abholungHeute_spaetestensBis,
    });
  });
}
