import { centsToDecimal } from '@hortus/contract';
import type { FeesSettings } from '@hortus/contract/modules/fees';

/** One collection of the file: a family's statement under its mandate. */
export interface Debit {
  endToEndId: string;
  amountCents: number;
  mandateReference: string;
  signedOn: string;
  debtorName: string;
  iban: string;
  bic: string;
  remittance: string;
  dueDay: string;
  sequence: 'FRST' | 'RCUR';
}

const xml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** Names and texts cut to the schema's lengths (Max70Text, Max140Text). */
const cut = (text: string, max: number): string => xml([...text].slice(0, max).join(''));

const agent = (bic: string): string =>
  bic === ''
    ? '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>'
    : `<FinInstnId><BICFI>${xml(bic)}</BICFI></FinInstnId>`;

/**
 * A SEPA core direct debit file, pain.008.001.08 (ISO 20022; the Deutsche Kreditwirtschaft's annex 3 of the
 * DFÜ agreement): one payment instruction (PmtInf) per collection day and sequence type (FRST/RCUR), amounts as
 * decimals with two places, control sums from cents.
 */
export function pain008(
  settings: FeesSettings,
  messageId: string,
  createdAt: string,
  debits: readonly Debit[],
): string {
  const groups = new Map<string, Debit[]>();
  for (const debit of debits) {
    const key = `${debit.dueDay}|${debit.sequence}`;
    groups.set(key, [...(groups.get(key) ?? []), debit]);
  }
  const sum = (list: readonly Debit[]) => centsToDecimal(list.reduce((total, debit) => total + debit.amountCents, 0));
  const instructions = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, list], index) => {
      const [dueDay, sequence] = key.split('|') as [string, string];
      const transactions = list
        .map(
          (debit) =>
            '<DrctDbtTxInf>' +
            `<PmtId><EndToEndId>${xml(debit.endToEndId)}</EndToEndId></PmtId>` +
            `<InstdAmt Ccy="EUR">${centsToDecimal(debit.amountCents)}</InstdAmt>` +
            `<DrctDbtTx><MndtRltdInf><MndtId>${xml(debit.mandateReference)}</MndtId><DtOfSgntr>${debit.signedOn}</DtOfSgntr></MndtRltdInf></DrctDbtTx>` +
            `<DbtrAgt>${agent(debit.bic)}</DbtrAgt>` +
            `<Dbtr><Nm>${cut(debit.debtorName, 70)}</Nm></Dbtr>` +
            `<DbtrAcct><Id><IBAN>${xml(debit.iban)}</IBAN></Id></DbtrAcct>` +
            `<RmtInf><Ustrd>${cut(debit.remittance, 140)}</Ustrd></RmtInf>` +
            '</DrctDbtTxInf>',
        )
        .join('\n');
      return (
        '<PmtInf>' +
        `<PmtInfId>${xml(`${messageId}-${index + 1}`)}</PmtInfId>` +
        '<PmtMtd>DD</PmtMtd><BtchBookg>true</BtchBookg>' +
        `<NbOfTxs>${list.length}</NbOfTxs><CtrlSum>${sum(list)}</CtrlSum>` +
        `<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>CORE</Cd></LclInstrm><SeqTp>${sequence}</SeqTp></PmtTpInf>` +
        `<ReqdColltnDt>${dueDay}</ReqdColltnDt>` +
        `<Cdtr><Nm>${cut(settings.glaeubigerName, 70)}</Nm></Cdtr>` +
        `<CdtrAcct><Id><IBAN>${xml(settings.glaeubigerIban)}</IBAN></Id></CdtrAcct>` +
        `<CdtrAgt>${agent(settings.glaeubigerBic)}</CdtrAgt>` +
        '<ChrgBr>SLEV</ChrgBr>' +
        `<CdtrSchmeId><Id><PrvtId><Othr><Id>${xml(settings.glaeubigerId)}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>` +
        `\n${transactions}\n` +
        '</PmtInf>'
      );
    })
    .join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n' +
    '<CstmrDrctDbtInitn>\n' +
    `<GrpHdr><MsgId>${xml(messageId)}</MsgId><CreDtTm>${createdAt}</CreDtTm><NbOfTxs>${debits.length}</NbOfTxs>` +
    `<CtrlSum>${sum(debits)}</CtrlSum><InitgPty><Nm>${cut(settings.glaeubigerName, 70)}</Nm></InitgPty></GrpHdr>\n` +
    `${instructions}\n` +
    '</CstmrDrctDbtInitn>\n</Document>\n'
  );
}
