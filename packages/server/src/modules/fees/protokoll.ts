import type { ProtokollFields } from '../../platform/modules/server-module';

/** Readable names of module 220's tracked tables, for the Protokoll's details (ServerModule.protokollLabels). */
export const feesProtokollLabels: Readonly<Record<string, string>> = {
  fees_scopes: 'Betreuungsumfang',
  fees_mandates: 'Mandat',
  fees_runs: 'Beitragslauf',
};

/** How the Protokoll reads module 220's tracked tables (ServerModule.protokollFields). */
export const feesProtokollFields: ProtokollFields = {
  fees_scopes: { name: 'Name', prices: 'Preise', valid_from: 'Gültig ab', valid_until: 'Gültig bis' },
  fees_mandates: {
    family_id: { label: 'Familie', ref: 'Benutzer' },
    holder: 'Kontoinhaber',
    iban: 'IBAN',
    bic: 'BIC',
    reference: 'Mandatsreferenz',
    signed_on: 'Unterschrieben am',
    collected: 'Bereits eingezogen',
    blocked_at: 'Gesperrt seit',
  },
  fees_runs: { month: 'Monat', closed: 'Abgeschlossen', sepa_file: 'SEPA-Datei', created_at: null },
};
