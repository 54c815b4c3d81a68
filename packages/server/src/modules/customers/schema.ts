import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CustomerAddress, Contact, DocumentState, EInvoiceRecord } from '@hortus/contract/modules/customers';
import { files, recordVersionColumns, users } from '../../platform/db/schema';
import type { DocumentLine } from './invoice-pdf';

/**
 * Module 410: customers, orders/contracts with service lines, and their documents. Every amount is
 * integer cents (bigint, read as number: at most 1 billion euros per amount, see platform/money).
 */
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Customers; contacts and addresses are small lists kept on the customer (ids unique within it). */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    ...recordVersionColumns(),
    kundennummer: text('kundennummer').notNull(),
    firma: text('firma').notNull().default(''),
    /** Display name (company, else first contact), kept in sync on save. */
    ident: text('ident').notNull(),
    /** The customer's login (a member of the customer group). */
    loginUserId: integer('login_user_id').references(() => users.id, { onDelete: 'set null' }),
    leitwegId: text('leitweg_id').notNull().default(''),
    contacts: jsonb('contacts').$type<Contact[]>().notNull().default([]),
    addresses: jsonb('addresses').$type<CustomerAddress[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customers_number_idx').on(table.kundennummer),
    index('customers_login_idx').on(table.loginUserId),
  ],
);

/**
 * Orders and contracts. Deleting a customer keeps them (business.md 5): customer_id becomes null and the
 * number and name stay as they were.
 */
export const customerOrders = pgTable(
  'customer_orders',
  {
    id: serial('id').primaryKey(),
    ...recordVersionColumns(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    kundennummer: text('kundennummer').notNull(),
    kundeIdent: text('kunde_ident').notNull(),
    typ: text('typ').$type<'Auftrag' | 'Vertrag'>().notNull(),
    auftragsnummer: text('auftragsnummer').notNull(),
    titel: text('titel').notNull(),
    beschreibung: text('beschreibung').notNull().default(''),
    adminInfo: text('admin_info').notNull().default(''),
    status: integer('status').notNull(),
    vertragNummer: text('vertrag_nummer').notNull().default(''),
    vertragBeginn: date('vertrag_beginn', { mode: 'string' }),
    vertragEnde: date('vertrag_ende', { mode: 'string' }),
    /** 0 monthly, 1 yearly, 2 quarterly, 3 half-yearly. */
    zahlungsintervall: integer('zahlungsintervall').notNull().default(0),
    /**
     * Held (GoBD vs DSGVO, holds.ts): the customer was erased; the order keeps its vouchers for their legal
     * period, shown to nobody and changed by nobody, and the retention job deletes it after `heldUntil`.
     */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** The last day a held order is kept (31 December of its newest voucher's year + 8). */
    heldUntil: date('held_until', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_orders_number_idx').on(table.auftragsnummer),
    index('customer_orders_customer_idx').on(table.customerId),
  ],
);

/** Service lines of an order: net per unit, quantity, rate; net and gross of the line stored as computed. */
export const customerOrderLines = pgTable(
  'customer_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    pos: integer('pos').notNull(),
    titel: text('titel').notNull(),
    beschreibung: text('beschreibung').notNull().default(''),
    /** Exact decimal quantity ('2.5'). */
    anzahl: text('anzahl').notNull(),
    unitNetCents: cents('unit_net_cents'),
    netCents: cents('net_cents'),
    /** VAT percent as exact decimal ('19', '5.5'). */
    rate: text('rate').notNull(),
    grossCents: cents('gross_cents'),
    /** EN 16931 VAT category ('' = S, or Z at 0 %), exemption reason text (BT-120) and VATEX code (BT-121). */
    vatCategory: text('ust_kategorie').notNull().default(''),
    exemptionReason: text('befreiungsgrund').notNull().default(''),
    exemptionCode: text('befreiungsgrund_code').notNull().default(''),
    serviceTypeId: integer('service_type_id').notNull().default(0),
    incomeCentreId: integer('income_centre_id').notNull().default(0),
    /** The line's own costs (gross) and the cost record they are booked as (part 2, 0 = none). */
    costCents: cents('cost_cents'),
    costId: integer('cost_id').notNull().default(0),
  },
  (table) => [index('customer_order_lines_order_idx').on(table.orderId)],
);

/** What a document was made from: the lines and the addressee at the time (kept for the e-invoice). */
export interface DocumentSnapshot {
  lines?: DocumentLine[];
  netCents?: number;
  vatCents?: number;
  anzahlungCents?: number;
  /** Made by the server job from a planned document (the view's `geplanteRechnung`). */
  geplant?: boolean;
  /** A Stornorechnung (issue 45): the invoice it cancels (BT-25 number, BT-26 date). */
  storno?: { id: number; name: string; datum: string };
  /** An invoice draft (type 5): the document call's input it was made from, issued by `ausstellen`. */
  entwurf?: Record<string, unknown>;
  /** A cancelled invoice: the number of its Stornorechnung. */
  storniertDurch?: string;
  /** A reminder (4, issue 45): the invoice, the dunning level and what the letter claims (cents). */
  mahnung?: {
    rechnungId: number;
    rechnung: string;
    stufe: number;
    offen: number;
    gebuehren: number;
    zinsen: number;
    tage: number;
    zinssatz: number;
  };
  /** A receipt (20) from a bank statement (issue 45): the invoice it pays and the booking's key. */
  zahlung?: { rechnungId: number; schluessel: string };
  /** The addressee as printed (documents made since issue 45), so a Stornorechnung addresses the same. */
  empfaenger?: {
    lines: string[];
    greeting: string;
    name: string;
    street: string;
    postcode: string;
    city: string;
    mail: string;
  };
}

/** Documents of an order: 1 invoice, 2 offer, 3 credit note (generated PDFs), 20 booking receipt, 100 uploaded. */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    dokumentart: integer('dokumentart').notNull(),
    name: text('name').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    xmlFileId: integer('xml_file_id').references(() => files.id),
    /** Gross total (invoices, offers) or amount paid (receipts), cents. */
    wertCents: cents('wert_cents'),
    /** Document date (invoice date, payment date of a receipt). */
    datum: date('datum', { mode: 'string' }).notNull(),
    snapshot: jsonb('snapshot').$type<DocumentSnapshot>().notNull().default({}),
    /**
     * Issue 45 (GoBD): 'ausgestellt' as made (an invoice, Stornorechnung or credit note is then final: never
     * overwritten or deleted), 'storniert' once a Stornorechnung cancelled the invoice.
     */
    status: text('status').$type<DocumentState>().notNull().default('ausgestellt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customer_documents_order_idx').on(table.orderId),
    /** Invoice, offer and credit-note numbers are unique across all orders. */
    uniqueIndex('customer_documents_number_idx')
      .on(table.name)
      .where(sql`${table.dokumentart} in (1, 2, 3)`),
  ],
);

/**
 * Documents planned for a server job (business.md 4.2): created at `dueAt` (a full hour), once or again
 * at the contract's payment interval, optionally sent by e-mail. A job run claims a due row with one
 * UPDATE … RETURNING (`claimedUntil`), so several servers on one database create each document once.
 */
export const customerScheduledDocuments = pgTable(
  'customer_scheduled_documents',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    /** The document call's input (documentInput) without the date, which is the due day. */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Again at the payment interval of the contract. */
    repeat: integer('repeat').notNull().default(0),
    /** Send to this address after creating ('' = do not send). */
    sendTo: text('send_to').notNull().default(''),
    sendText: text('send_text').notNull().default(''),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error').notNull().default(''),
  },
  (table) => [index('customer_scheduled_due_idx').on(table.dueAt)],
);

/**
 * Costs (business.md 3.2): gross cents and the included VAT rate; net is derived (gross / (1 + rate/100)).
 * A repeating cost (`repeat` 1 monthly, 2 quarterly, 3 yearly) is the template of the copies the server
 * job creates: each copy names its template and period start day, unique together, so the job inserts
 * with `on conflict do nothing` and any number of servers create each copy once.
 */
export const customerCosts = pgTable(
  'customer_costs',
  {
    id: serial('id').primaryKey(),
    ...recordVersionColumns(),
    /** Payment date: the EÜR counts the cost in this year (cash principle). */
    datum: date('datum', { mode: 'string' }).notNull(),
    costCentre: integer('cost_centre').notNull().default(0),
    grossCents: cents('gross_cents'),
    rate: text('rate').notNull(),
    titel: text('titel').notNull(),
    titel2: text('titel2').notNull().default(''),
    beschreibung: text('beschreibung').notNull().default(''),
    repeat: integer('repeat').notNull().default(0),
    /**
     * The template of a job-made copy. No foreign key: a self-reference would tie the logical backup's row
     * order (deleteCost clears it on the copies instead).
     */
    templateId: integer('template_id'),
    period: date('period', { mode: 'string' }),
    /**
     * Issue 45: open until paid — a cost from an e-invoice with a due date and the seller's IBAN; a bank
     * statement's debit matched to it marks it paid (`paidOn`, `datum` becomes that day). Others are paid.
     */
    open: boolean('open').notNull().default(false),
    dueDate: date('due_date', { mode: 'string' }),
    paidOn: date('paid_on', { mode: 'string' }),
    /** Whom it is paid to (from the e-invoice: BT-84 IBAN, BT-85 or the seller's name, BT-1 number). */
    creditorIban: text('creditor_iban').notNull().default(''),
    creditorName: text('creditor_name').notNull().default(''),
    invoiceNumber: text('invoice_number').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customer_costs_datum_idx').on(table.datum),
    uniqueIndex('customer_costs_repeat_idx').on(table.templateId, table.period),
  ],
);

/** Documents of a cost: 1 supplier invoice, 20 booking receipt, 100 other (PDF or image). */
export const customerCostDocuments = pgTable(
  'customer_cost_documents',
  {
    id: serial('id').primaryKey(),
    costId: integer('cost_id')
      .notNull()
      .references(() => customerCosts.id, { onDelete: 'cascade' }),
    dokumentart: integer('dokumentart').notNull(),
    name: text('name').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    /** SHA-256 (hex) of the file as stored (issue 45: receipts kept unchanged); '' for files stored before. */
    sha256: text('sha256').notNull().default(''),
    /** An e-invoice: its kind, content as read and findings (contract EInvoiceRecord); null for other files. */
    eInvoice: jsonb('e_invoice').$type<EInvoiceRecord>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customer_cost_documents_cost_idx').on(table.costId),
    index('customer_cost_documents_sha256_idx').on(table.sha256),
    index('customer_cost_documents_file_idx').on(table.fileId),
  ],
);

/**
 * Receipts other modules book into the books (`public.ts` `bookExternalReceipts`; module 220's parents' fees):
 * money received (cash principle: `datum` is the day it came in), a returned debit as a negative amount. A
 * booking is never changed or removed (GoBD): `reference` is unique per source, so booking the same line
 * again adds nothing, and a correction is a booking of its own. The EÜR, the DATEV export and the revenue
 * overview read them beside the orders' payments, in the income centre and VAT category they were booked with.
 */
export const customerExternalReceipts = pgTable(
  'customer_external_receipts',
  {
    id: serial('id').primaryKey(),
    /** The booking module's file area ('f220'). */
    source: text('source').notNull(),
    /** The source's month the receipt belongs to ('YYYY-MM'). */
    month: text('month').notNull(),
    reference: text('reference').notNull(),
    datum: date('datum', { mode: 'string' }).notNull(),
    /** Signed gross cents (no VAT in an exempt receipt): negative reverses a receipt. */
    cents: bigint('cents', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
    incomeCentreId: integer('income_centre_id').notNull().default(0),
    /** EN 16931 category ('E' exempt), its reason and VATEX code, as a line of an invoice keeps them. */
    vatCategory: text('ust_kategorie').notNull().default(''),
    exemptionReason: text('befreiungsgrund').notNull().default(''),
    exemptionCode: text('befreiungsgrund_code').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_external_receipts_ref_idx').on(table.source, table.reference),
    index('customer_external_receipts_datum_idx').on(table.datum),
  ],
);

/**
 * Bookings of bank statements taken over as payments (issue 45): one row per booking, unique by its key (the
 * bank's AcctSvcrRef, else a hash of day, amount, reference and IBAN), so a statement read again books nothing
 * twice. The receipt it made stays linked while it exists.
 */
export const customerBankLines = pgTable(
  'customer_bank_lines',
  {
    id: serial('id').primaryKey(),
    schluessel: text('schluessel').notNull(),
    datum: date('datum', { mode: 'string' }).notNull(),
    betragCents: cents('betrag_cents'),
    name: text('name').notNull().default(''),
    iban: text('iban').notNull().default(''),
    verwendungszweck: text('verwendungszweck').notNull().default(''),
    invoiceId: integer('invoice_id').references(() => customerDocuments.id, { onDelete: 'set null' }),
    receiptId: integer('receipt_id').references(() => customerDocuments.id, { onDelete: 'set null' }),
    /** A debit matched to a cost (issue 45): the cost it paid. */
    costId: integer('cost_id').references(() => customerCosts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('customer_bank_lines_key_idx').on(table.schluessel)],
);

/**
 * The invoice inbox (issue 45, mail-inbox.ts): one row per mail attachment looked at (`sha256` '' for a mail taken
 * as a whole), unique by Message-ID and hash, so a mail is never imported twice. A row 'entwurf' is a draft cost:
 * its original waits unchanged in `fileId` with the invoice as read, until the office confirms it (a cost holds
 * it: 'uebernommen', `costId`) or discards it ('verworfen'); 'uebersprungen' rows say why no invoice was taken.
 */
export const customerMailImports = pgTable(
  'customer_mail_imports',
  {
    id: serial('id').primaryKey(),
    messageId: text('message_id').notNull(),
    sha256: text('sha256').notNull().default(''),
    empfangen: timestamp('empfangen', { withTimezone: true }).notNull(),
    absender: text('absender').notNull().default(''),
    betreff: text('betreff').notNull().default(''),
    name: text('name').notNull().default(''),
    status: text('status').$type<'entwurf' | 'uebernommen' | 'verworfen' | 'uebersprungen'>().notNull(),
    hinweis: text('hinweis').notNull().default(''),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    eInvoice: jsonb('e_invoice').$type<EInvoiceRecord>(),
    costId: integer('cost_id').references(() => customerCosts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_mail_imports_key_idx').on(table.messageId, table.sha256),
    index('customer_mail_imports_status_idx').on(table.status, table.createdAt),
  ],
);

/** The inbox's one state row (id 1): the claim of a running fetch (one server at a time) and the last result. */
export const customerMailInbox = pgTable('customer_mail_inbox', {
  id: integer('id').primaryKey(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  ok: boolean('ok').notNull().default(true),
  meldung: text('meldung').notNull().default(''),
});

/** Readable names of the tracked tables of module 410, for the Protokoll's details line (ServerModule.protokollLabels). */
export const customersProtokollLabels: Readonly<Record<string, string>> = {
  customers: 'Kunde',
  customer_orders: 'Auftrag',
  customer_order_lines: 'Position',
  customer_documents: 'Beleg',
  customer_scheduled_documents: 'Geplanter Beleg',
  customer_costs: 'Kosten',
  customer_cost_documents: 'Kostenbeleg',
  customer_bank_lines: 'Kontoumsatz',
};
