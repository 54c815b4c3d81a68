import type { ServerModule } from '../../platform/modules/server-module';
import { customersAccessPort, documentFileAccess } from './access';
import { gobdExportCall, verfahrensdokumentationCall } from './calls/audit';
import { kostenUploadCall } from './calls/cost-uploads';
import { kostenEingangsrechnungCall } from './calls/e-invoices';
import { getSettingsCall } from './calls/load';
import { ausstellenCall, delDokumentCall, dokumentCall, stornierenCall } from './calls/documents';
import { importKundenCall } from './calls/import';
import { kostenEntwuerfeCall, posteingangCall } from './calls/mail-inbox';
import { kontoauszugUebernehmenCall, kontoauszugVorschauCall, mahnenCall, offenePostenCall } from './calls/receivables';
import { uploadCall } from './calls/uploads';
import { recurringCostJob } from './costs';
import { writeDemoReceipts } from './demo-costs';
import { writeDemoDocuments } from './demo-documents';
import { seedCustomersDemo } from './demo-seed';
import { documentJob } from './document-job';
import { mailInboxJob } from './mail-inbox';
import { customersRetentionJob } from './holds';
import { DOCUMENT_AREA } from './documents';
import { customersProtokollLabels } from './schema';
import { customersProtokollFields } from './protokoll';
import { customersProcessing } from './processing';

/** Module 410 (README.md): customers, orders and contracts, invoices and offers (e-invoices), costs. */
export const customersServerModule: ServerModule = {
  code: '410',
  processing: customersProcessing,
  // Order matters: the bare path (delDokument) answers whatever the query keys before it do not.
  calls: [
    getSettingsCall,
    dokumentCall,
    stornierenCall,
    ausstellenCall,
    uploadCall,
    kostenEingangsrechnungCall,
    importKundenCall,
    offenePostenCall,
    mahnenCall,
    kontoauszugVorschauCall,
    kontoauszugUebernehmenCall,
    gobdExportCall,
    verfahrensdokumentationCall,
    kostenEntwuerfeCall,
    posteingangCall,
    delDokumentCall,
    kostenUploadCall,
  ],
  protokollLabels: customersProtokollLabels,
  protokollFields: customersProtokollFields,
  fileAccess: { [DOCUMENT_AREA]: documentFileAccess },
  // GoBD holds (holds.ts): an erased customer's vouchers stay blocked; the job deletes them after their period.
  jobs: [documentJob, recurringCostJob, mailInboxJob, customersRetentionJob],
  // The demo's receipt PDFs and issued documents (nothing to do once they exist).
  beforeRequests: async (app) => {
    await writeDemoReceipts(app);
    await writeDemoDocuments(app);
  },
  demoSeed: (db, demo) => seedCustomersDemo(db, demo),
  access: customersAccessPort,
};
