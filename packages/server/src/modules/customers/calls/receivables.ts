import { customerRights, receivablesCalls } from '@hortus/contract/modules/customers';
import { IMPORT_FILE_BYTES } from '@hortus/contract';
import { defineCall } from '../../../platform/http/calls';
import { requireStaff } from '../access';
import { confirmStatement, previewStatement } from '../bank-statements';
import { openItems, openItemsDay, sendNextLevel } from '../dunning';

/** Opt-in (issue 45): Offene Posten / Mahnwesen — every open invoice with its dunning level (staff only). */
export const offenePostenCall = defineCall(receivablesCalls.offenePosten).forSession({
  rights: [customerRights.use],
  async handle({ db, input, user }) {
    await requireStaff(db, user);
    const stichtag = openItemsDay(input.stichtag);
    return { status: 'success', stichtag, posten: await openItems(db, stichtag) };
  },
});

/** Opt-in (issue 45): the next dunning level's letter for an invoice (staff only). */
export const mahnenCall = defineCall(receivablesCalls.mahnen).forSession({
  rights: [customerRights.use],
  errorPrefix: 'mahnung.',
  async handle({ app, db, input, user }) {
    await requireStaff(db, user);
    const { document, orderId, stufe } = await sendNextLevel(app, input.mahnung);
    return { status: 'success', id_auftrag: orderId, stufe, neuDokument: document };
  },
});

const statementUpload = { maxFileBytes: IMPORT_FILE_BYTES, maxFiles: 1 };

/** Opt-in (issue 45): reads a bank statement and proposes invoice matches; writes nothing (staff only). */
export const kontoauszugVorschauCall = defineCall(receivablesCalls.kontoauszugVorschau).forSession({
  rights: [customerRights.use],
  upload: statementUpload,
  async handle({ db, input, user }) {
    await requireStaff(db, user);
    return previewStatement(db, input);
  },
});

/** Opt-in (issue 45): books the confirmed matches as payments, none twice (staff only). */
export const kontoauszugUebernehmenCall = defineCall(receivablesCalls.kontoauszugUebernehmen).forSession({
  rights: [customerRights.use],
  upload: statementUpload,
  async handle({ app, db, input, user }) {
    await requireStaff(db, user);
    return confirmStatement(app, input);
  },
});
