import {
  contactSettings,
  defaultContactSettings,
  parentReportsModule,
  reportSettings,
  type ContactSettings,
  type ParentReportsSettings,
} from '@hortus/contract';
import type { Db } from '../../../platform/db/database';
import { readModuleSettings, writeModuleSettings } from '../../../platform/settings/module-settings';
import type { Editor } from '../../../platform/users/accounts';
import { readChildrenSettings, saveChildrenSettings } from '../settings';

function readContact(db: Db): Promise<ContactSettings> {
  return readModuleSettings(db, parentReportsModule.code, contactSettings, defaultContactSettings);
}

/**
 * 210's settings: the report fields are module 200's stored settings (one source of truth, also edited on
 * /200-set), the contact details 210's own.
 */
export async function readParentReportsSettings(db: Db): Promise<ParentReportsSettings> {
  const [children, contact] = await Promise.all([readChildrenSettings(db), readContact(db)]);
  return { ...reportSettings.parse(children), ...contact };
}

/** settings (x|210|set): the report fields into module 200's settings, the contact into 210's, in one transaction. */
export async function saveParentReportsSettings(db: Db, editor: Editor, input: ParentReportsSettings): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await readChildrenSettings(tx);
    const report = reportSettings.parse(input);
    await saveChildrenSettings(tx, editor, { ...current, ...report });
    await writeModuleSettings(tx, parentReportsModule.code, contactSettings.parse(input));
  });
}
