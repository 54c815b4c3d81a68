import type { EInvoiceRecord } from '@hortus/contract/modules/customers';

const party = { name: '', ustId: '', steuernummer: '', strasse: '', zusatz: '', plz: '', ort: '', land: 'DE' };
/** An XRechnung (UBL) as read, with one finding: the sample of the e-invoice component tests. */
export const sampleEInvoiceRecord: EInvoiceRecord = {
  format: 'XRechnung (UBL)',
  daten: {
    syntax: 'UBL',
    anhang: '',
    profil: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    art: '380',
    rechnungsnummer: '2026-117',
    rechnungsdatum: '2026-04-30',
    faelligAm: '2026-05-15',
    waehrung: 'EUR',
    kaeuferReferenz: '991-33333TEST-33',
    verkaeufer: {
      ...party,
      name: 'Gartenbau Lindner e. K.',
      steuernummer: '203/118/04455',
      plz: '01445',
      ort: 'Radebeul',
    },
    kaeufer: { ...party, name: 'SV Grün-Weiß Dresden e. V.' },
    zahlung: {
      art: '58',
      iban: 'DE75512108001245126199',
      kontoinhaber: '',
      bic: 'SOLADES1DRS',
      verwendungszweck: 'RG 2026-117',
      bedingungen: '',
    },
    positionen: [
      {
        nr: '1',
        name: 'Heckenschnitt',
        menge: '6',
        einheit: 'HUR',
        preis: '48.00',
        netto: 28_800,
        kategorie: 'S',
        satz: '19',
      },
    ],
    steuersaetze: [{ kategorie: 'S', satz: '19', netto: 28_800, steuer: 5_472, befreiungsgrund: '' }],
    summen: {
      positionen: 28_800,
      nachlaesse: null,
      zuschlaege: null,
      netto: 28_800,
      steuer: 5_472,
      brutto: 34_272,
      vorausbezahlt: null,
      rundung: null,
      faellig: 34_272,
    },
  },
  befunde: [
    {
      feld: 'beschreibung',
      regel: 'BT-84',
      art: 'fehler',
      text: 'Die IBAN des Verkäufers (BT-84: …) hat falsche Prüfziffern.',
    },
  ],
};
