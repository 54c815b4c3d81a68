import type { ServerModule } from '../../platform/modules/server-module';
import { customerServerCalls } from './calls';
import { seedCustomersDemo } from './demo-seed';
import { DOCUMENT_AREA, documentFileAccess } from './documents';
import { documentJob } from './document-job';
import { recurringCostJob } from './costs';
import { writeDemoReceipts } from './demo-costs';
import { customersAccessPort } from './access-port';
import { writeDemoDocuments } from './demo-documents';
import { customersProtokollLabels } from './schema';

/** Module 410: customers, orders and contracts, invoices and offers (e-invoices). */
export const customersServerModule: ServerModule = {
  code: '410',
  calls: customerServerCalls,
  protokollLabels: customersProtokollLabels,
  fileAccess: { [DOCUMENT_AREA]: documentFileAccess },
  jobs: [documentJob, recurringCostJob],
  // The demo's receipt PDFs and issued documents (nothing to do once they exist).
  beforeRequests: async (app) => {
    await writeDemoReceipts(app);
    await writeDemoDocuments(app);
  },
  demoSeed: (db, demo) => seedCustomersDemo(db, demo),
  access: customersAccessPort,
};
