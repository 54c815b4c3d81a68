import type { ServerModule } from '../../platform/modules/server-module';
import { hydrantServerCalls } from './calls/register';
import { seedHydrantsDemo } from './demo-seed';

/** Module 310: hydrant care (map register, statuses and defects, settings, geocoding proxy). */
export const hydrantsServerModule: ServerModule = {
  code: '310',
  calls: hydrantServerCalls,
  demoSeed: (db, demo) => seedHydrantsDemo(db, demo.now),
};
