import type { ServerModule } from '../../platform/modules/server-module';
import { CHILD_FILE_AREA, childFileAccess, childrenServerCalls } from './calls';
import { childAttendance } from './children/child-attendance';
import { classNames } from './children/classes';
import { seedChildrenDemo } from './demo-seed';
import { missingChildrenJob } from './children/missing';
import { absencesWidget } from './children/widget';
import { statisticsFileAccess } from './statistics/statistics-calls';
import { seedStatisticsDemo } from './statistics/statistics-demo';
import { STATISTICS_AREA } from '@hortus/contract';

/** Module 200: children, classes, attendance today, exceptions, parent accounts; dashboard widget 2. */
export const childrenServerModule: ServerModule = {
  code: '200',
  calls: childrenServerCalls,
  fileAccess: {
    [CHILD_FILE_AREA]: childFileAccess,
    [STATISTICS_AREA]: statisticsFileAccess,
  },
  demoSeed: async (db, demo) => {
    await seedChildrenDemo(db, demo);
    await seedStatisticsDemo(db, demo);
  },
  dashboardWidgets: { w2: absencesWidget },
  schoolClasses: classNames,
  childAttendance,
  jobs: [missingChildrenJob],
};
