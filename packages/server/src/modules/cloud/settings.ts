import { cloudModule, cloudSettings, type CloudConditions, type CloudSettings } from '@hortus/contract/modules/cloud';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';
import { readOrgData } from '../../platform/settings/org-data';

const nobody = { alle: false, gruppen: [], nutzer: [] };

/** Module defaults until an administrator saves others: nobody but the slot's creator (see saveSlot). */
export const defaultCloudSettings: CloudSettings = {
  standardbedingungen: { f130: { sehen: nobody, upload: nobody, bearbeiten: nobody } },
};

export function readCloudSettings(db: Db): Promise<CloudSettings> {
  return readModuleSettings(db, cloudModule.code, cloudSettings, defaultCloudSettings);
}

export async function requireKnownGroups(db: Db, conditions: CloudConditions, field: string): Promise<void> {
  const known = new Set((await readOrgData(db)).groups.map((group) => group.id));
  for (const [name, condition] of Object.entries(conditions)) {
    if (condition.gruppen.some((id) => !known.has(id))) {
      throw invalid({ [`${field}.${name}.gruppen`]: ['Unbekannte Nutzergruppe.'] });
    }
  }
}

export function normalized(conditions: CloudConditions): CloudConditions {
  const one = (condition: CloudConditions['sehen']) => ({
    alle: condition.alle,
    gruppen: [...new Set(condition.gruppen)].sort((a, b) => a - b),
    nutzer: [...new Set(condition.nutzer ?? [])].sort((a, b) => a - b),
  });
  return { sehen: one(conditions.sehen), upload: one(conditions.upload), bearbeiten: one(conditions.bearbeiten) };
}

export async function saveCloudSettings(db: Db, settings: CloudSettings): Promise<void> {
  await requireKnownGroups(db, settings.standardbedingungen.f130, 'standardbedingungen.f130');
  await writeModuleSettings(db, cloudModule.code, {
    standardbedingungen: { f130: normalized(settings.standardbedingungen.f130) },
  });
}
