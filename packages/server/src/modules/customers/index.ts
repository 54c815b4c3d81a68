import type { ServerModule } from '../../platform/modules/server-module';
import { customerServerCalls } from './calls';
import { seedCustomersDemo } from './demo-seed';
import { DOCUMENT_AREA, documentFileAccess } from './documents';
import { documentJob } from './document-job';
import { recurringCostJob } from './costs';
import { writeDemoReceipts } from './demo-costs';

/** Module 410: customers, orders and contracts, invoices and offers (e-invoices). */
export const customersServerModule: ServerModule = {
  code: '410',
  calls: customerServerCalls,
  fileAccess: { [DOCUMENT_AREA]: documentFileAccess },
  jobs: [documentJob, recurringCostJob],
  beforeRequests: writeDemoReceipts,
  demoSeed: (db, demo) => seedCustomersDemo(db, demo),
};
