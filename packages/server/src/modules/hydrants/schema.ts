import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { recordVersionColumns } from '../../platform/db/schema';

/** Streets of the hydrant register (business.md 3.1); one row per street name, postcode and town. */
export const hydrantStreets = pgTable(
  'hydrant_streets',
  {
    id: serial('id').primaryKey(),
    strasse: text('strasse').notNull(),
    plz: text('plz').notNull().default(''),
    ort: text('ort').notNull().default(''),
  },
  (table) => [uniqueIndex('hydrant_streets_name_idx').on(table.strasse, table.plz, table.ort)],
);

/** Fire hydrants with position, status ('1' checked, '2' unchecked) and defect keys. */
export const hydrants = pgTable(
  'hydrants',
  {
    id: serial('id').primaryKey(),
    ...recordVersionColumns(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    streetId: integer('street_id')
      .notNull()
      .references(() => hydrantStreets.id, { onDelete: 'restrict' }),
    hausnummer: text('hausnummer').notNull().default(''),
    lageSchild: text('lage_schild').notNull().default('Laterne'),
    nummer: text('nummer').notNull().default(''),
    lage: text('lage').notNull().default('Gehweg'),
    durchmesser: integer('durchmesser').notNull().default(100),
    info: text('info').notNull().default(''),
    status: text('status').$type<'1' | '2'>().notNull().default('2'),
    /** Defect keys, sorted. */
    mangel: jsonb('mangel').$type<string[]>().notNull().default([]),
    /** Last change, Unix milliseconds. */
    lastUpdate: bigint('last_update', { mode: 'number' }).notNull(),
    /** Day of the last inspection 'YYYY-MM-DD', '' when never inspected. */
    lastInspection: text('last_inspection').notNull().default(''),
  },
  (table) => [index('hydrants_street_idx').on(table.streetId)],
);

/** Readable names of the tracked tables of module 310, for the Protokoll's details line (ServerModule.protokollLabels). */
export const hydrantsProtokollLabels: Readonly<Record<string, string>> = {
  hydrant_streets: 'Straße',
  hydrants: 'Hydrant',
};
