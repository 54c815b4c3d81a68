import { STATISTICS_AREA } from '@hortus/contract/modules/children';
import type { ServerModule } from '../../platform/modules/server-module';
import { childFileAccess, childrenAccessPort, statisticsFileAccess } from './access';
import { getDataCall, getKindCall, getSettingsCall } from './calls/load';
import { deleteAnhangCall, deleteDokumentCall, uploadAnhangCall, uploadDokumentCall } from './calls/documents';
import { saveTagebucheintragCall } from './calls/diary';
import { exportKinderCall } from './calls/export';
import { getKindProtokollCall } from './calls/history';
import {
  createKarteCall,
  deleteKarteCall,
  getAllKarteCall,
  getKarteCall,
  getKartePdfCall,
  scanKarteCall,
} from './calls/id-cards';
import { importKinderCall } from './calls/import';
import { createElternbriefCall } from './calls/letters';
import { neuesSchuljahrCall } from './calls/school-year';
import { createAnwesenheitsstatistikCall, saveAnwesenheitCall, zaehleAnwesenheitenCall } from './calls/statistics';
import { classAudiences } from './classes';
import { seedChildrenDemo } from './demo-seed';
import { recordChildrenProtokollDemo } from './demo-seed-protokoll';
import { seedStatisticsDemo } from './demo-seed-statistics';
import { CHILD_FILE_AREA } from './documents';
import { ID_CARD_AREA } from './id-cards';
import { missingChildrenJob } from './missing';
import { childrenPersonalData } from './personal-data';
import { attendanceRetentionJob } from './retention';
import { absencesWidget } from './widget';
import { childrenProtokollLabels } from './schema';
import { childrenProtokollFields, childrenProtokollNames } from './protokoll';
import { childrenProcessing } from './processing';

/** /200?SCAN (also /200/?SCAN=…): the scan station page of the web part. */
export function isScanStationPage(url: string): boolean {
  const parsed = new URL(url, 'http://page');
  return /^\/200\/?$/.test(parsed.pathname) && parsed.searchParams.has('SCAN');
}

/** Module 200 (README.md): children, classes, attendance today, exceptions, parent accounts; dashboard widget 2. */
export const childrenServerModule: ServerModule = {
  code: '200',
  processing: childrenProcessing,
  calls: [
    getSettingsCall,
    getDataCall,
    getKindCall,
    saveTagebucheintragCall,
    createElternbriefCall,
    uploadDokumentCall,
    deleteDokumentCall,
    uploadAnhangCall,
    deleteAnhangCall,
    importKinderCall,
    exportKinderCall,
    saveAnwesenheitCall,
    createAnwesenheitsstatistikCall,
    zaehleAnwesenheitenCall,
    neuesSchuljahrCall,
    getKarteCall,
    createKarteCall,
    deleteKarteCall,
    getKartePdfCall,
    getAllKarteCall,
    scanKarteCall,
    getKindProtokollCall,
  ],
  protokollLabels: childrenProtokollLabels,
  protokollFields: childrenProtokollFields,
  protokollNames: childrenProtokollNames,
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
  // The classes are the audiences others address parents by (the dashboard's w1_200_Klassen and class messages).
  audiences: classAudiences,
  personalData: childrenPersonalData,
  access: childrenAccessPort,
  // A child's documents, ID card photo and statistics files are the child's (or the organisation's), not their uploader's.
  recordFileAreas: [CHILD_FILE_AREA, ID_CARD_AREA, STATISTICS_AREA],
  jobs: [missingChildrenJob, attendanceRetentionJob],
};
