import { fieldErrors, type FieldErrors, safeParseReporting } from '@hortus/contract';
import {
  payrollInput,
  payrollInputOf,
  type DayDefaults,
  type DayRow,
  type GetPayrollReply,
  type PaidOutOvertime,
  type SpecialPayment,
  type WeekdayException,
} from '@hortus/contract/modules/payroll';

/** What the payroll dialog edits: the saveAbrechnung data (numbers may be NaN while a field is empty). */
export interface PayrollDraft extends DayDefaults {
  id: number;
  idMitarbeiter: number;
  jahr: number;
  monat: number;
  ausnahmen: WeekdayException[];
  vertrag_lohngruppe: number;
  vertrag_stunden: number;
  festgehalt: number;
  ueberstundenAusgezahlt: PaidOutOvertime[];
  sonderzahlungen: SpecialPayment[];
  urlaubAusVorjahr: number;
  tage: DayRow[];
}

export function draftOf(reply: GetPayrollReply): PayrollDraft {
  return payrollInputOf(reply.abrechnung);
}

/** The contract's German messages for the draft, by field path ('tage.3.zeitBis'); empty when it may be saved. */
export function draftErrors(draft: PayrollDraft): FieldErrors {
  const parsed = safeParseReporting(payrollInput, draft);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

/** The public holidays of the month as the server named them on the rows. */
export function holidaysOf(reply: GetPayrollReply): Map<string, string> {
  return new Map(reply.abrechnung.tage.filter((d) => d.feiertag !== '').map((d) => [d.datum, d.feiertag]));
}
