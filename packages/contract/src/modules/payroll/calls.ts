import { z } from 'zod';
import { defineCallSpec, getOrSaveRequest } from '../../platform/call-spec';
import { importReply, importRequest } from '../../platform/import';
import { numberField } from '../../platform/fields';
import { ruledString } from '../../platform/schema';
import { defineActions, newOrRecordId, recordId } from '../../platform/wire';
import { isIsoDate, tooLongMessage, validationMessages } from '../../platform/validation';
import { versionInput, versionView } from '../../platform/versions';
import { hasTwoDecimals, isTime, MAX_EXCEPTIONS, timeToMinutes, type DayStatus } from './logic';
import { lodasMessages } from './lodas';
import { payrollExportMonthMessage } from './payroll-export';

export const payrollMessages = {
  empty: 'Keine Mitarbeiter gefunden',
  loading: 'Lade Daten... Bitte warten',
  saveFailed: 'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  notReflected: 'Fehler! Bitte die Netzwerkverbindung prüfen.',
  confirmDelete: 'Wirklich löschen?',
  confirmDeleteText: 'Die Daten können nicht wiederhergestellt werden.',
  laterPayrolls:
    'Für diesen Mitarbeiter existieren bereits spätere Abrechnungen. Diese Abrechnung kann nur angesehen und als PDF heruntergeladen werden.',
  monthTaken: 'Für diesen Monat existiert bereits eine Abrechnung.',
  unknownEmployee: 'Der Mitarbeiter existiert nicht.',
  unknownPayroll: 'Die Abrechnung existiert nicht.',
  unknownAccount: 'Kein Benutzer mit diesem Anmeldenamen.',
  contractAndFixed: 'Vertragslohn und Festgehalt schließen sich aus.',
  exceptionWeekdayTwice: 'Pro Wochentag ist nur eine Ausnahme möglich.',
  tooManyExceptions: 'Höchstens 7 Ausnahmen (eine je Wochentag).',
  time: 'Bitte eine Uhrzeit im Format HH:MM angeben.',
  endBeforeStart: 'Das Ende muss nach dem Beginn liegen.',
  pauseTooLong: 'Die Pause ist länger als die Arbeitszeit.',
  twoDecimals: 'Höchstens zwei Nachkommastellen.',
  wrongDays: 'Die Tage passen nicht zum Monat.',
  unknownWageGroup: 'Diese Lohngruppe existiert nicht.',
  wageGroupTwice: 'Jede Lohngruppe hat eine eigene Nummer.',
  wageGroupInUse: 'Eine entfernte Lohngruppe ist noch Mitarbeitern zugeordnet. Bitte dort zuerst ändern.',
  saved: 'Die Daten wurden erfolgreich gespeichert.',
  deleted: 'Erfolgreich gelöscht.',
} as const;

const NAME_MAX = 100;
const TEXT_MAX = 200;
const nameField = ruledString('required', 'name').pipe(z.string().max(NAME_MAX, tooLongMessage(NAME_MAX)));
const shortText = ruledString('text').pipe(z.string().max(TEXT_MAX, tooLongMessage(TEXT_MAX)));
const idNumber = z.number({ error: 'Ungültige Nummer.' }).int('Ungültige Nummer.');
/** A wage group reference: 0 = none. */
const groupRef = idNumber.min(0, 'Ungültige Nummer.').max(1_000_000, 'Ungültige Nummer.');
/** '„Festgehalt“: höchstens zwei Nachkommastellen.' */
export const decimalsMessage = (label: string): string => `„${label}“: ${payrollMessages.twoDecimals.toLowerCase()}`;
/** A decimal with at most two places in [0, max]; every refusal (also an emptied field, NaN) names the field. */
function decimal(label: string, max: number) {
  return numberField(label, { min: 0, max }).refine(hasTwoDecimals, decimalsMessage(label));
}
/** 'HH:MM' or '' (not set). */
const timeField = z
  .string({ error: validationMessages.required })
  .refine((value) => value === '' || isTime(value), payrollMessages.time);
/** Pause in whole minutes, at most a day. */
const pauseField = numberField('Pause', { int: true, min: 0, max: 1440 });
const isoDateOrEmpty = z
  .string({ error: validationMessages.required })
  .refine((value) => value === '' || isIsoDate(value), validationMessages.date);

export const dayStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
  error: 'Ungültiger Status.',
}) as z.ZodType<DayStatus>;

/** Federal states (date-holidays codes) for the public holidays. */
export const federalStates = {
  BW: 'Baden-Württemberg',
  BY: 'Bayern',
  BE: 'Berlin',
  BB: 'Brandenburg',
  HB: 'Bremen',
  HH: 'Hamburg',
  HE: 'Hessen',
  MV: 'Mecklenburg-Vorpommern',
  NI: 'Niedersachsen',
  NW: 'Nordrhein-Westfalen',
  RP: 'Rheinland-Pfalz',
  SL: 'Saarland',
  SN: 'Sachsen',
  ST: 'Sachsen-Anhalt',
  SH: 'Schleswig-Holstein',
  TH: 'Thüringen',
} as const;
export type FederalState = keyof typeof federalStates;
/** Bavaria's regional holidays (date-holidays regions): '' = the state's common days. */
export const bavarianRegions = {
  '': 'Überwiegend evangelische Gemeinden (ohne Mariä Himmelfahrt)',
  KATH: 'Überwiegend katholische Gemeinden (mit Mariä Himmelfahrt)',
  A: 'Stadt Augsburg (mit Friedensfest)',
} as const;
export type BavarianRegion = keyof typeof bavarianRegions;

/** Digits of a number in [min, max] without leading zeros, or '' (not set). */
const numberText = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine(
      (value) => value === '' || (/^[1-9]\d*$/.test(value) && Number(value) >= min && Number(value) <= max),
      message,
    )
    .default('');

export const wageGroup = z.object({
  id: idNumber.min(1, 'Ungültige Nummer.').max(1_000_000, 'Ungültige Nummer.'),
  name: nameField,
  /** Hourly wage in euros. */
  wert: decimal('Stundenlohn', 100_000),
  /** The payroll office's Lohnart number for these hours (DATEV LODAS `la_eigene`, 1–9999; '' = not set). */
  lohnart: numberText(1, 9999, lodasMessages.wageType),
});

/** The payroll office's DATEV numbers for the LODAS export ('' = not set; the export then refuses). */
export const payrollDatevSettings = z.object({
  beraternummer: numberText(1001, 9_999_999, lodasMessages.adviser),
  mandantennummer: numberText(1, 99_999, lodasMessages.client),
});
export type WageGroupInput = z.input<typeof wageGroup>;

export const payrollSettings = z
  .object({
    lohngruppen: z.array(wageGroup).max(100, 'Höchstens 100 Lohngruppen.'),
    bundesland: z.enum(Object.keys(federalStates) as [FederalState, ...FederalState[]], {
      error: 'Bitte ein Bundesland wählen.',
    }),
    region: z.enum(Object.keys(bavarianRegions) as [BavarianRegion, ...BavarianRegion[]], {
      error: 'Ungültige Region.',
    }),
    /** Loaded data is kept on the device only while this is on (business.md 4.4, as 410's setting). */
    dataOffline: z.boolean({ error: 'Ungültiger Wert.' }).default(false),
    datev: payrollDatevSettings.default({ beraternummer: '', mandantennummer: '' }),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.lohngruppen.forEach((group, index) => {
      if (seen.has(group.id)) {
        ctx.addIssue({ code: 'custom', message: payrollMessages.wageGroupTwice, path: ['lohngruppen', index, 'id'] });
      }
      seen.add(group.id);
    });
  });
export type PayrollSettings = z.output<typeof payrollSettings>;

const workTimesShape = {
  arbeitsbeginn: timeField,
  arbeitsende: timeField,
  pausen: pauseField,
  lohngruppe: groupRef,
};
export const weekdayException = z.object({
  id: idNumber.min(0, 'Ungültige Nummer.').max(1_000_000, 'Ungültige Nummer.'),
  weekday: idNumber.min(0, 'Ungültiger Wochentag.').max(6, 'Ungültiger Wochentag.'),
  ...workTimesShape,
});

/** Adds German issues for an end not after its start and a pause not shorter than the span. */
function checkTimes(
  from: string,
  to: string,
  pause: number,
  ctx: z.RefinementCtx,
  path: PropertyKey[],
  keys: { to: string; pause: string },
): void {
  const start = timeToMinutes(from);
  const end = timeToMinutes(to);
  if (start === null || end === null) return;
  if (end <= start) ctx.addIssue({ code: 'custom', message: payrollMessages.endBeforeStart, path: [...path, keys.to] });
  else if (pause >= end - start) {
    ctx.addIssue({ code: 'custom', message: payrollMessages.pauseTooLong, path: [...path, keys.pause] });
  }
}

const exceptionsField = z
  .array(weekdayException)
  .max(MAX_EXCEPTIONS, payrollMessages.tooManyExceptions)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((exception, index) => {
      if (seen.has(exception.weekday)) {
        ctx.addIssue({ code: 'custom', message: payrollMessages.exceptionWeekdayTwice, path: [index, 'weekday'] });
      }
      seen.add(exception.weekday);
      checkTimes(exception.arbeitsbeginn, exception.arbeitsende, exception.pausen, ctx, [index], {
        to: 'arbeitsende',
        pause: 'pausen',
      });
    });
  });

/** The defaults and contract of an employee, copied into each payroll. */
const contractShape = {
  standard_lohngruppe: groupRef,
  standard_arbeitsbeginn: timeField,
  standard_arbeitsende: timeField,
  standard_pausen: pauseField,
  /** Contract wage group (0 = no contract wage). */
  vertrag_lohngruppe: groupRef,
  /** Contract hours per month. */
  vertrag_stunden: decimal('Vertragsstunden', 744),
  /** Fixed monthly salary in euros (0 = none). */
  festgehalt: decimal('Festgehalt', 1_000_000),
  ausnahmen: exceptionsField,
};

function checkContract(
  value: {
    standard_arbeitsbeginn: string;
    standard_arbeitsende: string;
    standard_pausen: number;
    vertrag_lohngruppe: number;
    festgehalt: number;
  },
  ctx: z.RefinementCtx,
): void {
  checkTimes(value.standard_arbeitsbeginn, value.standard_arbeitsende, value.standard_pausen, ctx, [], {
    to: 'standard_arbeitsende',
    pause: 'standard_pausen',
  });
  if (value.vertrag_lohngruppe > 0 && value.festgehalt > 0) {
    ctx.addIssue({ code: 'custom', message: payrollMessages.contractAndFixed, path: ['festgehalt'] });
  }
}

export const employeeInput = z
  .object({
    id: newOrRecordId(),
    personalnummer: ruledString('text')
      .pipe(z.string().max(25, tooLongMessage(25)))
      .default(''),
    vorname: nameField,
    nachname: nameField,
    /** Entry date YYYY-MM-DD or ''. */
    eintrittsdatum: isoDateOrEmpty.default(''),
    /** Leave days per year. */
    urlaubstage: decimal('Urlaubstage', 366),
    /** The login name of the employee's own user account ('' = none); their payrolls are part of its Datenauskunft. */
    benutzer: ruledString('text')
      .pipe(z.string().max(100, tooLongMessage(100)))
      .default(''),
    ...contractShape,
    ...versionInput,
  })
  .superRefine(checkContract);
export type EmployeeInput = z.input<typeof employeeInput>;
export type EmployeeData = z.output<typeof employeeInput>;

export const dayInput = z.object({
  datum: z.string({ error: validationMessages.required }).refine(isIsoDate, validationMessages.date),
  status: dayStatus,
  objekt: shortText.default(''),
  zeitVon: timeField,
  zeitBis: timeField,
  pausen: pauseField,
  idLohngruppe: groupRef,
  ausnahme: z.boolean({ error: 'Ungültiger Wert.' }).default(false),
});

export const payrollInput = z
  .object({
    id: newOrRecordId(),
    idMitarbeiter: recordId(),
    jahr: idNumber.min(2000, 'Bitte ein Jahr ab 2000 angeben.').max(2100, 'Bitte ein Jahr bis 2100 angeben.'),
    monat: idNumber.min(1, 'Ungültiger Monat.').max(12, 'Ungültiger Monat.'),
    ...contractShape,
    ueberstundenAusgezahlt: z
      .array(z.object({ idLohngruppe: groupRef, stunden: decimal('Ausgezahlte Überstunden', 744) }))
      .max(100, 'Höchstens 100 Einträge.'),
    sonderzahlungen: z
      .array(z.object({ text: shortText, wert: decimal('Betrag', 1_000_000) }))
      .max(100, 'Höchstens 100 Einträge.'),
    urlaubAusVorjahr: decimal('Urlaub aus dem Vorjahr', 366),
    tage: z.array(dayInput).max(31, payrollMessages.wrongDays),
    ...versionInput,
  })
  .superRefine((value, ctx) => {
    checkContract(value, ctx);
    value.tage.forEach((day, index) => {
      checkTimes(day.zeitVon, day.zeitBis, day.pausen, ctx, ['tage', index], { to: 'zeitBis', pause: 'pausen' });
    });
  });
export type PayrollInput = z.input<typeof payrollInput>;
export type PayrollData = z.output<typeof payrollInput>;

/** The save actions of getOrSaveSettings (business.md 7.3; saveSettings is our addition, docs/api.md). */
export const payrollActions = defineActions({
  saveMitarbeiter: { data: z.object({ mitarbeiter: employeeInput }) },
  delMitarbeiter: { data: z.object({ idDelMitarbeiter: recordId() }) },
  saveAbrechnung: {
    data: z.object({
      /** The client's overview; the server computes its own and ignores this. */
      uebersichtData: z.unknown().optional(),
      abrechnung: payrollInput,
    }),
  },
  delAbrechnung: { data: z.object({ idDelAbrechnung: recordId() }) },
  saveSettings: { data: z.object({ settings: payrollSettings }) },
});
export type PayrollSave = NonNullable<z.input<typeof payrollActions.field>>;

const sums = {
  xSummeStunden: z.number(),
  xSummeUeberstunden: z.number(),
  xSummeUrlaubstage: z.number(),
};
export const payrollSummary = z.object({
  id: z.number(),
  jahr: z.number(),
  monat: z.number(),
  ...sums,
  timeLastEdit: z.string(),
});
export type PayrollSummary = z.infer<typeof payrollSummary>;

export const leaveBudgetView = z.object({
  jahr: z.number(),
  anspruch: z.number(),
  uebertrag: z.number(),
  genommen: z.number(),
  rest: z.number(),
});

const exceptionView = z.object({
  id: z.number(),
  weekday: z.number(),
  arbeitsbeginn: z.string(),
  arbeitsende: z.string(),
  pausen: z.number(),
  lohngruppe: z.number(),
});
const contractView = {
  standard_lohngruppe: z.number(),
  standard_arbeitsbeginn: z.string(),
  standard_arbeitsende: z.string(),
  standard_pausen: z.number(),
  vertrag_lohngruppe: z.number(),
  vertrag_stunden: z.number(),
  festgehalt: z.number(),
  ausnahmen: z.array(exceptionView),
};

export const employeeView = z.object({
  id: z.number(),
  personalnummer: z.string(),
  vorname: z.string(),
  nachname: z.string(),
  /** 'Nachname, Vorname'. */
  name: z.string(),
  eintrittsdatum: z.string(),
  urlaubstage: z.number(),
  /** The login name of the linked user account, '' without one. */
  benutzer: z.string(),
  ...contractView,
  lohnabrechnungen: z.array(payrollSummary),
  /** Leave of the current year. */
  urlaub: leaveBudgetView,
  /** Overtime balance over all payrolls (hours). */
  ueberstundenSaldo: z.number(),
  timeLastEdit: z.string(),
  ...versionView,
});
export type EmployeeView = z.infer<typeof employeeView>;

export const payrollData = z.object({
  /** The snapshot's version stamp (set by the platform; send it back as `xtime` to get what changed). */
  xtime: z.number().optional(),
  mitarbeiter: z.array(employeeView),
  settings: z.object({
    lohngruppen: z.array(z.object({ id: z.number(), name: z.string(), wert: z.number(), lohnart: z.string() })),
    bundesland: z.string(),
    region: z.string(),
    dataOffline: z.boolean(),
    datev: z.object({ beraternummer: z.string(), mandantennummer: z.string() }),
  }),
});
export type PayrollModuleData = z.infer<typeof payrollData>;

export const getOrSavePayrollReply = z.object({ status: z.literal('success'), save: payrollData });

const dayView = z.object({
  datum: z.string(),
  weekday: z.number(),
  isWeekend: z.boolean(),
  status: dayStatus,
  objekt: z.string(),
  zeitVon: z.string(),
  zeitBis: z.string(),
  pausen: z.number(),
  idLohngruppe: z.number(),
  ausnahme: z.boolean(),
  /** Public holiday name of the configured federal state, or ''. */
  feiertag: z.string(),
});
export type DayView = z.infer<typeof dayView>;

export const overviewView = z.object({
  ...sums,
  stundenJeLohngruppe: z.array(z.object({ idLohngruppe: z.number(), name: z.string(), stunden: z.number() })),
  tageJeStatus: z.record(z.string(), z.number()),
  positionen: z.array(
    z.object({ text: z.string(), stunden: z.number().nullable(), satz: z.number().nullable(), betrag: z.number() }),
  ),
  brutto: z.number(),
});

export const payrollView = z.object({
  id: z.number(),
  idMitarbeiter: z.number(),
  jahr: z.number(),
  monat: z.number(),
  ...contractView,
  ueberstundenAusgezahlt: z.array(z.object({ idLohngruppe: z.number(), stunden: z.number() })),
  sonderzahlungen: z.array(z.object({ text: z.string(), wert: z.number() })),
  lohngruppen: z.array(z.object({ id: z.number(), name: z.string(), wert: z.number() })),
  tage: z.array(dayView),
  urlaubAusVorjahr: z.number(),
  uebersichtData: overviewView,
  timeLastEdit: z.string(),
  ...versionView,
  ...sums,
});
export type PayrollView = z.infer<typeof payrollView>;

/** The payroll as the dialog sends it back (saveAbrechnung): the view without its view-only fields. */
export function payrollInputOf(p: PayrollView) {
  return {
    id: p.id,
    idMitarbeiter: p.idMitarbeiter,
    jahr: p.jahr,
    monat: p.monat,
    standard_lohngruppe: p.standard_lohngruppe,
    standard_arbeitsbeginn: p.standard_arbeitsbeginn,
    standard_arbeitsende: p.standard_arbeitsende,
    standard_pausen: p.standard_pausen,
    vertrag_lohngruppe: p.vertrag_lohngruppe,
    vertrag_stunden: p.vertrag_stunden,
    festgehalt: p.festgehalt,
    ausnahmen: p.ausnahmen,
    ueberstundenAusgezahlt: p.ueberstundenAusgezahlt,
    sonderzahlungen: p.sonderzahlungen,
    urlaubAusVorjahr: p.urlaubAusVorjahr,
    version: p.version,
    tage: p.tage.map((d) => ({
      datum: d.datum,
      status: d.status,
      objekt: d.objekt,
      zeitVon: d.zeitVon,
      zeitBis: d.zeitBis,
      pausen: d.pausen,
      idLohngruppe: d.idLohngruppe,
      ausnahme: d.ausnahme,
    })),
  };
}

export const getPayrollReply = z.object({
  status: z.literal('success'),
  abrechnung: payrollView,
  /** A later payroll exists: read-only preview, only the PDF (saved payrolls) can be downloaded. */
  gesperrt: z.boolean(),
  /** Leave of the payroll's year up to and including this month. */
  urlaub: leaveBudgetView,
  /** Overtime balance before this month, and after it. */
  ueberstundenVortrag: z.number(),
  ueberstundenSaldo: z.number(),
});
export type GetPayrollReply = z.infer<typeof getPayrollReply>;

export const payrollPdfReply = z.object({ status: z.literal('success'), file: z.string(), name: z.string() });

/** The month of the payroll office's exports (LODAS, Lohn und Gehalt): 'YYYY-MM'. */
export const payrollExportInput = z.object({
  monat: z
    .string({ error: payrollExportMonthMessage })
    .regex(/^(20\d{2}|2100)-(0[1-9]|1[0-2])$/, payrollExportMonthMessage),
});
export const payrollExportReply = z.object({
  status: z.literal('success'),
  file: z.string(),
  name: z.string(),
  /** The export's report: names written with plain letters, amounts not in the file; absent when none. */
  hinweise: z.array(z.string()).optional(),
});
/** The month of the LODAS export. */
export const lodasExportInput = payrollExportInput;
export const lodasExportReply = payrollExportReply;

/** Calls of module 420 (business.md 7.3; the endpoint is our design, docs/api.md). */
export const payrollCalls = {
  /** Employees from a CSV or XLSX list. */
  importMitarbeiter: defineCallSpec({
    path: '/_api/400/420/',
    queryKey: 'importMitarbeiter',
    request: importRequest,
    reply: importReply,
    timeoutMs: 120_000,
  }),
  /** Load (empty dataToSave) or run one save action; answers the fresh data either way. */
  getOrSaveSettings: defineCallSpec({
    path: '/_api/400/420/',
    queryKey: 'getOrSaveSettings',
    request: getOrSaveRequest(payrollActions),
    reply: getOrSavePayrollReply,
    delta: { snapshot: 'save', collections: { mitarbeiter: 'id' } },
  }),
  /**
   * One payroll: the saved one of this month, or a new one prepared from the employee (holidays prefilled).
   * Without jahr/monat: the default month (after the latest payroll, else the current month).
   */
  getAbrechnung: defineCallSpec({
    path: '/_api/400/420/',
    queryKey: 'getAbrechnung',
    request: {
      idMitarbeiter: recordId(),
      jahr: z.coerce
        .number({ error: 'Ungültiges Jahr.' })
        .int('Ungültiges Jahr.')
        .min(2000, 'Bitte ein Jahr ab 2000 angeben.')
        .max(2100, 'Bitte ein Jahr bis 2100 angeben.')
        .optional(),
      monat: z.coerce
        .number({ error: 'Ungültiger Monat.' })
        .int('Ungültiger Monat.')
        .min(1, 'Ungültiger Monat.')
        .max(12, 'Ungültiger Monat.')
        .optional(),
    },
    reply: getPayrollReply,
  }),
  /** The PDF statement of a saved payroll, offered at f400-420/abrechnungen/{id}.pdf for download.php. */
  getAbrechnungPdf: defineCallSpec({
    path: '/_api/400/420/',
    queryKey: 'getAbrechnungPdf',
    request: { id: recordId() },
    reply: payrollPdfReply,
    timeoutMs: 30_000,
  }),
  /** The month's hours per wage type as a DATEV LODAS import file, offered for download.php (issue 45). */
  lodasExport: defineCallSpec({
    path: '/_api/400/420/',
    queryKey: 'lodasExport',
    request: lodasExportInput.shape,
    reply: lodasExportReply,
    timeoutMs: 60_000,
  }),
  /**
   * The month's hours per wage type (per day where the payroll has days) for DATEV Lohn und Gehalt: a ZIP of
   * the movement data and its record description, offered for download.php (issue 45).
   */
  lohnGehaltExport: defineCallSpec({
    path: '/_api/400/420/',
    queryKey: 'lohnGehaltExport',
    request: payrollExportInput.shape,
    reply: payrollExportReply,
    timeoutMs: 60_000,
  }),
};
