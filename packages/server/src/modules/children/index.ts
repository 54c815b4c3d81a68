import { childrenPersonalData } from './children/personal-data';
import type { ServerModule } from '../../platform/modules/server-module';
import { CHILD_FILE_AREA, childFileAccess, childrenServerCalls } from './calls';
import { classNames } from './children/classes';
import { seedChildrenDemo } from './demo-seed';
import { recordChildrenProtokollDemo } from './demo-seed-protokoll';
import { missingChildrenJob } from './children/missing';
import { attendanceRetentionJob } from './children/retention';
import { childrenAccessPort } from './access-port';
import { absencesWidget } from './children/widget';
import { ID_CARD_AREA } from './id-cards/id-cards';
import { statisticsFileAccess } from './statistics/statistics-calls';
import { seedStatisticsDemo } from './statistics/statistics-demo';
import { STATISTICS_AREA } from '@hortus/contract/modules/children';
import { childrenProtokollLabels } from './schema';

/** /200?SCAN (also /200/?SCAN=…): the scan station page of the web part. */
export function isScanStationPage(url: string): boolean {
  const parsed = new URL(url, 'http://page');
  return /^\/200\/?$/.test(parsed.pathname) && parsed.searchParams.has('SCAN');
}

/** Module 200: children, classes, attendance today, exceptions, parent accounts; dashboard widget 2. */
export const childrenServerModule: ServerModule = {
  code: '200',
  calls: childrenServerCalls,
  protokollLabels: childrenProtokollLabels,
  fileAccess: {
    [CHILD_FILE_AREA]: childFileAccess,
    [STATISTICS_AREA]: statisticsFileAccess,
  },
  demoSeed: async (db, demo) => {
    await seedChildrenDemo(db, demo);
    await seedStatisticsDemo(db, demo);
    await recordChildrenProtokollDemo(db, demo.protokoll);
  },
  // The scan station (/200?SCAN) shows the dashboard address of its settings in a frame (school.md 2.4).
  framingPage: isScanStationPage,
  dashboardWidgets: { w2: absencesWidget },
  // The classes are the audiences others filter parents by (the dashboard's w1_200_Klassen).
  audiences: classNames,
  personalData: childrenPersonalData,
  access: childrenAccessPort,
  // A child's documents, ID card photo and statistics files are the child's (or the organisation's), not their uploader's.
  recordFileAreas: [CHILD_FILE_AREA, ID_CARD_AREA, STATISTICS_AREA],
  jobs: [missingChildrenJob, attendanceRetentionJob],
};
