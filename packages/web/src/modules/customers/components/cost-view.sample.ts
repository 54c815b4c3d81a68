import type { CostView } from '@hortus/contract/modules/customers';

/** A paid cost of 11,90 € gross at 19 % without a cost centre: the sample of the costs component tests. */
export function sampleCost(id: number, datum: string, titel: string, changes: Partial<CostView> = {}): CostView {
  return {
    id,
    datum,
    id_kostenstelle: 0,
    kostenstelle: '',
    betrag: 1190,
    netto: 1000,
    mwst: '19',
    titel,
    titel2: '',
    beschreibung: '',
    wiederholen: 0,
    id_vorlage: 0,
    dokumente: [],
    auftraege: [],
    offen: false,
    faelligAm: '',
    bezahltAm: '',
    version: 0,
    ...changes,
  };
}
