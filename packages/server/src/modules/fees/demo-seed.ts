import type { Db } from '../../platform/db/database';
import type { DemoContext } from '../../platform/modules/server-module';
import { feesScopes } from './schema';
import { saveFeesSettings } from './settings';
import { defaultFeesSettings } from '@hortus/contract/modules/fees';

/** The demo's fees: creditor settings and care scopes. */
export async function seedFeesDemo(db: Db, _demo: DemoContext): Promise<void> {
  await saveFeesSettings(db, {
    ...defaultFeesSettings,
    glaeubigerId: 'DE98ZZZ09999999999',
    glaeubigerName: 'Hort Sonnenschein e. V.',
    glaeubigerIban: 'DE02120300000000202051',
    glaeubigerBic: 'BYLADEM1001',
  });
  await db.insert(feesScopes).values([
    { name: 'Hort bis 15 Uhr', prices: [{ ab: '2025-01', betrag: 9_500 }], validFrom: '2025-01' },
    { name: 'Hort bis 17 Uhr', prices: [{ ab: '2025-01', betrag: 14_500 }], validFrom: '2025-01' },
    { name: 'Frühbetreuung und Hort', prices: [{ ab: '2025-01', betrag: 17_000 }], validFrom: '2025-01' },
  ]);
}
