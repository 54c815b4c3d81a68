import { defaultFeesSettings, feesModule, feesSettings, type FeesSettings } from '@hortus/contract/modules/fees';
import { compactIban } from '@hortus/contract';
import type { Db } from '../../platform/db/database';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';

export function readFeesSettings(db: Db): Promise<FeesSettings> {
  return readModuleSettings(db, feesModule.code, feesSettings, defaultFeesSettings);
}

/** settings: creditor, meal price, cut-off, due day, sibling discounts, return fee (IBAN and ids compacted). */
export async function saveFeesSettings(db: Db, input: FeesSettings): Promise<void> {
  await writeModuleSettings(db, feesModule.code, {
    ...input,
    glaeubigerId: compactIban(input.glaeubigerId),
    glaeubigerIban: compactIban(input.glaeubigerIban),
    glaeubigerBic: compactIban(input.glaeubigerBic),
  });
}
