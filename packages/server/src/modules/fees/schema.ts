import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ScopePrice, StatementLine, Subsidy } from '@hortus/contract/modules/fees';

/**
 * Tables of module 220 Beiträge. Amounts are integer cents, days 'YYYY-MM-DD', months 'YYYY-MM'. A family is a
 * parent account of module 200 (`family_id` = the parent's user id); children are 200's (`child_id`), payers
 * 410's customers (`customer_id`). No foreign keys into other modules: statements outlive an erased child
 * (GoBD), and the retention job deletes them after their period.
 */
export const feesScopes = pgTable('fees_scopes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  prices: jsonb('prices').$type<ScopePrice[]>().notNull(),
  validFrom: text('valid_from').notNull(),
  validUntil: text('valid_until').notNull().default(''),
});

/** A child's scope from one day to another, with its reduction and subsidy. */
export const feesChildScopes = pgTable(
  'fees_child_scopes',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id').notNull(),
    scopeId: integer('scope_id')
      .notNull()
      .references(() => feesScopes.id),
    fromDay: text('from_day').notNull(),
    untilDay: text('until_day').notNull().default(''),
    reductionCents: integer('reduction_cents').notNull().default(0),
    subsidy: jsonb('subsidy').$type<Subsidy | null>(),
  },
  (table) => [index('fees_child_scopes_child').on(table.childId)],
);

/** One SEPA mandate per family (the newest counts). */
export const feesMandates = pgTable(
  'fees_mandates',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    holder: text('holder').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic').notNull().default(''),
    reference: text('reference').notNull(),
    signedOn: text('signed_on').notNull(),
    /** Whether a collection under it went out (the next one is RCUR). */
    collected: boolean('collected').notNull().default(false),
    /** Held (GoBD): the family was erased; kept, shown nowhere, deleted with its last kept statement. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('fees_mandates_reference').on(table.reference),
    index('fees_mandates_family').on(table.familyId),
  ],
);

export const feesMenu = pgTable('fees_menu', {
  day: text('day').primaryKey(),
  dishes: jsonb('dishes').$type<{ name: string; allergene: string[] }[]>().notNull(),
});

/** A meal order of a child and day (bestellt false = cancelled by the parent or the office). */
export const feesMealOrders = pgTable(
  'fees_meal_orders',
  {
    childId: integer('child_id').notNull(),
    day: text('day').notNull(),
    ordered: boolean('ordered').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.childId, table.day] }), index('fees_meal_orders_day').on(table.day)],
);

/** A one-off item (a trip) for a child or every child of a class, billed in its month. */
export const feesOneOffs = pgTable('fees_one_offs', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  amountCents: integer('amount_cents').notNull(),
  month: text('month').notNull(),
  childId: integer('child_id').notNull().default(0),
  classId: integer('class_id').notNull().default(0),
});

/** A monthly run; closed runs change no more. */
export const feesRuns = pgTable(
  'fees_runs',
  {
    id: serial('id').primaryKey(),
    month: text('month').notNull(),
    closed: boolean('closed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The pain.008 file (files.path) or ''. */
    sepaFile: text('sepa_file').notNull().default(''),
  },
  (table) => [uniqueIndex('fees_runs_month').on(table.month)],
);

/** A family's statement of a run: its lines as computed, the parts per child for the yearly certificate. */
export const feesStatements = pgTable(
  'fees_statements',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => feesRuns.id, { onDelete: 'cascade' }),
    familyId: integer('family_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    lines: jsonb('lines').$type<StatementLine[]>().notNull(),
    /** Care fees per child the family pays (§ 10 EStG), meals per child apart. */
    careByChild: jsonb('care_by_child').$type<Record<string, number>>().notNull(),
    mealsByChild: jsonb('meals_by_child').$type<Record<string, number>>().notNull(),
    /** Subsidies per payer (410 customer) and child. */
    payers: jsonb('payers').$type<{ id_kunde: number; id_kind: number; betrag: number }[]>().notNull(),
    dueDay: text('due_day').notNull(),
    /** Collected by direct debit under this mandate ('' = the family pays by transfer). */
    mandateReference: text('mandate_reference').notNull().default(''),
    sequence: text('sequence').notNull().default(''),
    paid: boolean('paid').notNull().default(false),
    returned: boolean('returned').notNull().default(false),
    returnFeeCents: integer('return_fee_cents').notNull().default(0),
    /** The family's name when the statement was made (the PDF stays what it was, also once the family is erased). */
    familyName: text('family_name').notNull().default(''),
    /**
     * Held (GoBD, holds.ts): the family was erased; the statement is a booking voucher, kept for its legal
     * period, shown to nobody and deleted by the retention job with its run.
     */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('fees_statements_run_family').on(table.runId, table.familyId)],
);
