import { z } from 'zod';
import { defineCallSpec } from '../../platform/call-spec';
import { jsonField } from '../../platform/wire';
import { bankConfirmReply, bankConfirmRequest, bankPreviewReply, bankPreviewRequest } from './bank';
import { orderDocumentView } from './calls';
import { dunInput, openItemsInput, openItemsReply } from './dunning';

/**
 * Receivables of module 410 (issue 45; opt-in calls, not in the specification): the overdue list with the
 * dunning levels, the next level's letter, and the bank statement import (preview, then confirm). Staff only
 * (`x|410|000`); docs/api.md.
 */
export const receivablesCalls = {
  /** Offene Posten / Mahnwesen: every open issued invoice with its level reached and next step. */
  offenePosten: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'offenePosten',
    request: openItemsInput,
    reply: openItemsReply,
  }),
  /** The next dunning level's letter for an invoice → neuDokument (a reminder, type 4). */
  mahnen: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'mahnen',
    request: { mahnung: jsonField(dunInput) },
    reply: z.object({
      status: z.literal('success'),
      id_auftrag: z.number(),
      stufe: z.number(),
      neuDokument: orderDocumentView,
    }),
  }),
  /** Reads a statement (multipart `file` or `inhalt`) and proposes matches; writes nothing. */
  kontoauszugVorschau: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'kontoauszugVorschau',
    request: bankPreviewRequest,
    reply: bankPreviewReply,
    timeoutMs: 120_000,
  }),
  /** Books the confirmed matches of the statement (sent again) as receipts; a booking never twice. */
  kontoauszugUebernehmen: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'kontoauszugUebernehmen',
    request: bankConfirmRequest,
    reply: bankConfirmReply,
    timeoutMs: 120_000,
  }),
};
