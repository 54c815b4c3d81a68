import type { ProtokollFields } from '../../platform/modules/server-module';

/** How the Protokoll reads module 310's tracked tables (ServerModule.protokollFields; labels in schema.ts). */
export const hydrantsProtokollFields: ProtokollFields = {
  hydrant_streets: { strasse: 'Straße', plz: 'PLZ', ort: 'Ort' },
  hydrants: {
    lat: 'Breitengrad',
    lon: 'Längengrad',
    street_id: 'Straße Nr.',
    hausnummer: 'Hausnummer',
    lage_schild: 'Schild an',
    nummer: 'Hydrantennummer',
    lage: 'Lage',
    durchmesser: 'Durchmesser (mm)',
    info: 'Info',
    status: 'Status',
    mangel: 'Mängel',
    last_update: null,
    last_inspection: 'Letzte Prüfung',
  },
};
