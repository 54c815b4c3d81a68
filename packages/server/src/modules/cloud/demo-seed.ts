import { cloudModule, type CloudConditions } from '@hortus/contract/modules/cloud';
import type { Db } from '../../platform/db/database';
import { writeModuleSettings } from '../../platform/settings/module-settings';
import { cloudSlots } from './schema';

const groupsOnly = (...gruppen: number[]) => ({ alle: false, gruppen, nutzer: [] });

/** Demo slots of module 130: one for parents and staff, one for the team only; defaults for new slots. */
export async function seedCloudDemo(db: Db, groups: { admins: number; staff: number; parents: number }): Promise<void> {
  const year = String(new Date().getFullYear());
  const defaults: CloudConditions = {
    sehen: groupsOnly(groups.staff),
    upload: groupsOnly(groups.staff),
    bearbeiten: groupsOnly(groups.admins),
  };
  await writeModuleSettings(db, cloudModule.code, { standardbedingungen: { f130: defaults } });
  await db.insert(cloudSlots).values([
    {
      sort: year,
      name: 'Elternbriefe',
      conditions: {
        sehen: groupsOnly(groups.staff, groups.parents),
        upload: groupsOnly(groups.staff),
        bearbeiten: groupsOnly(groups.admins),
      },
    },
    { sort: year, name: 'Team intern', conditions: defaults },
  ]);
}
