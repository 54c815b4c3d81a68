import { z } from 'zod';
import { ibanField, bicField } from '../../platform/bank';
import { defineCallSpec, getOrSaveRequest } from '../../platform/call-spec';
import { isoDayField, numberField, optionalIsoDayField, timeOfDayField } from '../../platform/fields';
import { amountField, formatCentsGerman, MAX_CENTS, parseCents } from '../../platform/money';
import { ruledString } from '../../platform/schema';
import { tooLongMessage } from '../../platform/validation';
import { defineActions, jsonField, newOrRecordId, recordId, storedId } from '../../platform/wire';
import { feesRights } from './definition';
import { ALLERGEN_CODES, creditorIdError, MONTH_PATTERN, SEPA_REFERENCE_PATTERN } from './logic';

/** German texts of module 220. */
export const feesMessages = {
  month: 'Bitte einen Monat im Format MM.JJJJ angeben.',
  monthRange: 'Der Monat „bis“ darf nicht vor dem Monat „von“ liegen.',
  orderClosed: 'Die Bestellfrist für diesen Tag ist abgelaufen.',
  noMenu: 'Für diesen Tag gibt es keinen Speiseplan.',
  notOwnChild: 'Das Kind existiert nicht.',
  unknownScope: 'Der Betreuungsumfang existiert nicht.',
  scopeInUse: 'Der Betreuungsumfang ist noch Kindern zugeordnet.',
  unknownFamily: 'Die Familie existiert nicht.',
  unknownCustomer: 'Der Kostenträger existiert nicht.',
  monthClosed:
    'Der Monat ist abgeschlossen und kann nicht mehr geändert werden. Korrekturen bitte im Folgemonat buchen.',
  noRun: 'Für diesen Monat gibt es noch keinen Lauf.',
  noCreditorId: 'Bitte zuerst die Gläubiger-ID und das Konto der Einrichtung in den Einstellungen angeben.',
  reference:
    "Bitte eine Mandatsreferenz aus Buchstaben, Ziffern und + ? / - : ( ) . , ' (höchstens 35 Zeichen) angeben.",
  referenceTaken: 'Diese Mandatsreferenz ist schon vergeben.',
  signatureDay: 'Bitte das Datum der Unterschrift angeben.',
  unknownStatement: 'Die Abrechnung existiert nicht.',
  notCollected: 'Nur eingezogene Lastschriften können zurückgegeben werden.',
  alreadyReturned: 'Die Lastschrift ist bereits als zurückgegeben erfasst.',
  returnDay: 'Der Tag der Rücklastschrift darf nicht in der Zukunft liegen.',
  year: 'Bitte ein Jahr zwischen 2000 und 2100 angeben.',
} as const;

const limited = (max: number, ...rules: Parameters<typeof ruledString>) =>
  ruledString(...rules).pipe(z.string().max(max, tooLongMessage(max)));

const monthField = z.string({ error: 'Bitte angeben.' }).regex(MONTH_PATTERN, feesMessages.month);
const optionalMonthField = z
  .string({ error: 'Bitte angeben.' })
  .refine((value) => value === '' || MONTH_PATTERN.test(value), feesMessages.month);
const cents = (label: string) => numberField(label, { int: true, min: 0, max: MAX_CENTS });

export const feesSettings = z.object({
  /** Gläubiger-Identifikationsnummer ('' = not yet). */
  glaeubigerId: z
    .string()
    .trim()
    .max(35)
    .superRefine((value, ctx) => {
      const message = value === '' ? null : creditorIdError(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  /** The creditor's name and account on the debit file. */
  glaeubigerName: limited(70, 'name'),
  glaeubigerIban: ibanField,
  glaeubigerBic: bicField,
  /** Price of one lunch in cents. */
  essenspreis: cents('Essenspreis'),
  /** Orders and cancellations until this time on the same day (Berlin). */
  bestellschluss: timeOfDayField(),
  /** Day of the month the statement is collected. */
  faelligTag: numberField('Fälligkeitstag', { int: true, min: 1, max: 28 }),
  /** Percent off by the child's position: [0, 25, 50] = second child 25 %, third and later 50 %. */
  geschwisterRabatt: z.array(numberField('Geschwisterermäßigung', { min: 0, max: 100 })).max(10),
  /** The bank's fee for a returned debit, charged on the next statement. */
  ruecklastGebuehr: cents('Rücklastschriftgebühr'),
});
export type FeesSettings = z.infer<typeof feesSettings>;

/** Sibling discounts as typed on the settings page: percentages by the child's position, '0, 25, 50'. */
const discountsText = z.string({ error: 'Bitte angeben.' }).refine((value) => {
  const parts = value.split(/[\s,;]+/).filter((part) => part !== '');
  return parts.length <= 10 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 100);
}, 'Bitte Prozentwerte zwischen 0 und 100 durch Kommas getrennt angeben, z. B. 0, 25, 50.');

/** The settings page's form: amounts typed in euros, the sibling discounts as one line; `feesSettingsOfForm` makes the call's input. */
export const feesSettingsForm = feesSettings.extend({
  essenspreis: amountField(),
  ruecklastGebuehr: amountField(),
  geschwisterRabatt: discountsText,
});
export type FeesSettingsForm = z.input<typeof feesSettingsForm>;

/** The settings as the page's form shows them (cents → '3,50'). */
export function feesSettingsFormOf(settings: FeesSettings): FeesSettingsForm {
  const euros = (cents: number) => formatCentsGerman(cents).replace(/\./g, '');
  return {
    ...settings,
    essenspreis: euros(settings.essenspreis),
    ruecklastGebuehr: euros(settings.ruecklastGebuehr),
    geschwisterRabatt: settings.geschwisterRabatt.join(', '),
  };
}

/** The `settings` input of the page's checked values (euros → cents, the discounts as numbers). */
export function feesSettingsOfForm(values: z.output<typeof feesSettingsForm>): FeesSettings {
  return {
    ...values,
    essenspreis: parseCents(values.essenspreis) ?? 0,
    ruecklastGebuehr: parseCents(values.ruecklastGebuehr) ?? 0,
    geschwisterRabatt: values.geschwisterRabatt
      .split(/[\s,;]+/)
      .filter((part) => part !== '')
      .map(Number),
  };
}
export const defaultFeesSettings: FeesSettings = {
  glaeubigerId: '',
  glaeubigerName: '',
  glaeubigerIban: '',
  glaeubigerBic: '',
  essenspreis: 350,
  bestellschluss: '08:00',
  faelligTag: 5,
  geschwisterRabatt: [0, 25, 50],
  ruecklastGebuehr: 300,
};

const scopePrice = z.object({ ab: monthField, betrag: cents('Betrag') });
export const scopeInput = z
  .object({
    id: newOrRecordId(),
    name: limited(100, 'required', 'name'),
    preise: z.array(scopePrice).min(1, 'Bitte mindestens einen Betrag angeben.').max(50),
    gueltigVon: monthField,
    gueltigBis: optionalMonthField,
    /** Remove the scope (refused while children have it). */
    loeschen: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.gueltigBis !== '' && value.gueltigBis < value.gueltigVon) {
      ctx.addIssue({ code: 'custom', path: ['gueltigBis'], message: feesMessages.monthRange });
    }
  });
export type ScopeInput = z.input<typeof scopeInput>;

/** The office's scope dialog: prices typed in euros ('185,00'); `scopeOfForm` makes the call's input. */
export const scopeForm = z
  .object({
    id: newOrRecordId(),
    name: limited(100, 'required', 'name'),
    preise: z
      .array(z.object({ ab: monthField, betrag: amountField() }))
      .min(1, 'Bitte mindestens einen Betrag angeben.')
      .max(50),
    gueltigVon: monthField,
    gueltigBis: optionalMonthField,
  })
  .superRefine((value, ctx) => {
    if (value.gueltigBis !== '' && value.gueltigBis < value.gueltigVon) {
      ctx.addIssue({ code: 'custom', path: ['gueltigBis'], message: feesMessages.monthRange });
    }
  });
export type ScopeForm = z.input<typeof scopeForm>;

/** The `umfang` input of the scope dialog's checked values (euros → cents). */
export function scopeOfForm(values: z.output<typeof scopeForm>): ScopeInput {
  return {
    ...values,
    preise: values.preise.map((price) => ({ ab: price.ab, betrag: parseCents(price.betrag) ?? 0 })),
  };
}

export const subsidyInput = z.object({
  art: z.enum(['anteil', 'betrag']),
  wert: numberField('Zuschuss', { min: 0, max: MAX_CENTS }),
  id_kunde: recordId(),
});
export const childScopeInput = z
  .object({
    id_umfang: recordId(),
    von: isoDayField(),
    bis: optionalIsoDayField(),
    ermaessigung: cents('Ermäßigung').default(0),
    zuschuss: subsidyInput.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.bis !== '' && value.bis < value.von) {
      ctx.addIssue({
        code: 'custom',
        path: ['bis'],
        message: 'Das Datum „von“ darf nicht nach dem Datum „bis“ liegen.',
      });
    }
    if (value.zuschuss?.art === 'anteil' && value.zuschuss.wert > 100) {
      ctx.addIssue({ code: 'custom', path: ['zuschuss', 'wert'], message: '„Zuschuss“ darf höchstens 100 % sein.' });
    }
  });
export const childFeesInput = z.object({ id_kind: recordId(), zuordnungen: z.array(childScopeInput).max(50) });

export const mandateInput = z.object({
  id: newOrRecordId(),
  id_familie: recordId(),
  kontoinhaber: limited(70, 'required', 'name'),
  iban: ibanField.refine((value) => value !== '', 'Bitte angeben.'),
  bic: bicField,
  /** '' = generated ('BEITRAG-<family>-<n>'). */
  referenz: z
    .string()
    .trim()
    .refine((value) => value === '' || SEPA_REFERENCE_PATTERN.test(value), feesMessages.reference),
  unterschrieben: z
    .string({ error: feesMessages.signatureDay })
    .refine((value) => optionalIsoDayField().safeParse(value).success && value !== '', feesMessages.signatureDay),
  loeschen: z.boolean().default(false),
});
export type MandateInput = z.input<typeof mandateInput>;

export const dish = z.object({
  name: limited(200, 'required', 'text'),
  allergene: z.array(z.enum(ALLERGEN_CODES)).max(ALLERGEN_CODES.length).default([]),
});
export const menuInput = z.object({ tag: isoDayField(), gerichte: z.array(dish).max(10) });

export const mealInput = z.object({ id_kind: recordId(), tag: isoDayField(), bestellt: z.boolean() });

export const oneOffInput = z
  .object({
    id: newOrRecordId(),
    bezeichnung: limited(200, 'required', 'text'),
    betrag: cents('Betrag'),
    monat: monthField,
    /** For one child, or (id_kind 0) for every child of a class. */
    id_kind: storedId(),
    id_klasse: storedId(),
    loeschen: z.boolean().default(false),
  })
  .refine((value) => value.loeschen || value.id_kind !== 0 || value.id_klasse !== 0, {
    path: ['id_kind'],
    message: 'Bitte ein Kind oder eine Klasse wählen.',
  });

export const runInput = z.object({
  monat: monthField,
  /** Close the month after the run: nothing of it changes any more. */
  abschliessen: z.boolean().default(false),
});
export const returnInput = z.object({ id_abrechnung: recordId(), tag: isoDayField() });

export const feesActions = defineActions({
  settings: { data: feesSettings, rights: [feesRights.settings] },
  umfang: { data: scopeInput, rights: [feesRights.manage] },
  kind: { data: childFeesInput, rights: [feesRights.manage] },
  mandat: { data: mandateInput, rights: [feesRights.manage] },
  speiseplan: { data: menuInput, rights: [feesRights.manage] },
  /** Parents for their own children until the cut-off; the office for every child. */
  mahlzeit: { data: mealInput },
  einmalig: { data: oneOffInput, rights: [feesRights.manage] },
  lauf: { data: runInput, rights: [feesRights.manage] },
  ruecklastschrift: { data: returnInput, rights: [feesRights.manage] },
  /** A statement paid by transfer (or a returned debit paid later). */
  bezahlt: { data: z.object({ id_abrechnung: recordId() }), rights: [feesRights.manage] },
});
export type FeesSave = NonNullable<z.input<typeof feesActions.field>>;

const subsidyView = z.object({ art: z.enum(['anteil', 'betrag']), wert: z.number(), id_kunde: z.number() });
const childScopeView = z.object({
  id_umfang: z.number(),
  von: z.string(),
  bis: z.string(),
  ermaessigung: z.number(),
  zuschuss: subsidyView.nullable(),
});
export const feesData = z.object({
  settings: feesSettings,
  umfaenge: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      preise: z.array(z.object({ ab: z.string(), betrag: z.number() })),
      gueltigVon: z.string(),
      gueltigBis: z.string(),
    }),
  ),
  kinder: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      id_klasse: z.number(),
      name_klasse: z.string(),
      id_familie: z.number(),
      zuordnungen: z.array(childScopeView),
    }),
  ),
  familien: z.array(z.object({ id: z.number(), name: z.string(), kinder: z.array(z.number()) })),
  mandate: z.array(
    z.object({
      id: z.number(),
      id_familie: z.number(),
      kontoinhaber: z.string(),
      /** In full for the fee office, masked ('DE02 •••• 2051') for parents. */
      iban: z.string(),
      bic: z.string(),
      referenz: z.string(),
      unterschrieben: z.string(),
      /** The sequence type of the next collection. */
      sequenz: z.enum(['FRST', 'RCUR']),
    }),
  ),
  speiseplan: z.array(
    z.object({ tag: z.string(), gerichte: z.array(z.object({ name: z.string(), allergene: z.array(z.string()) })) }),
  ),
  bestellungen: z.array(
    z.object({ id_kind: z.number(), tag: z.string(), bestellt: z.boolean(), storniert: z.boolean() }),
  ),
  einmalig: z.array(
    z.object({
      id: z.number(),
      bezeichnung: z.string(),
      betrag: z.number(),
      monat: z.string(),
      id_kind: z.number(),
      id_klasse: z.number(),
    }),
  ),
  laeufe: z.array(
    z.object({
      id: z.number(),
      monat: z.string(),
      abgeschlossen: z.boolean(),
      erstellt: z.string(),
      /** The pain.008 file for download.php ('' for parents and months without debits). */
      sepaDatei: z.string(),
      abrechnungen: z.array(
        z.object({
          id: z.number(),
          id_familie: z.number(),
          betrag: z.number(),
          faellig: z.string(),
          lastschrift: z.boolean(),
          bezahlt: z.boolean(),
          zurueckgegeben: z.boolean(),
        }),
      ),
    }),
  ),
  /** First day of the meal window shown (a Monday) and the window's days. */
  ab: z.string(),
  heute: z.string(),
  jetzt: z.string(),
  xtime: z.number(),
});
export type FeesData = z.infer<typeof feesData>;

export const runReply = z.object({
  monat: z.string(),
  abrechnungen: z.array(z.object({ id_familie: z.number(), betrag: z.number() })),
  sepaDatei: z.string(),
});
export type RunReply = z.infer<typeof runReply>;

export const feesReply = z.object({
  status: z.literal('success'),
  save: feesData,
  lauf: runReply.optional(),
});
export type FeesReply = z.infer<typeof feesReply>;

export const kitchenList = z.object({
  tag: z.string(),
  gerichte: z.array(z.object({ name: z.string(), allergene: z.array(z.string()) })),
  anzahl: z.number(),
  klassen: z.array(
    z.object({
      id_klasse: z.number(),
      name_klasse: z.string(),
      anzahl: z.number(),
      kinder: z.array(z.object({ id: z.number(), name: z.string(), hinweise: z.string() })),
    }),
  ),
});
export type KitchenList = z.infer<typeof kitchenList>;

export const fileReply = z.object({ status: z.literal('success'), file: z.string(), name: z.string() });

const feesPath = '/_api/200/220/';

/** Calls of module 220 (issue 46; docs/api.md). */
export const feesCalls = {
  /** Load (empty dataToSave) or run one action; answers the fresh data (a parent: their own family only). */
  getOrSaveSettings: defineCallSpec({
    path: feesPath,
    queryKey: 'getOrSaveSettings',
    request: getOrSaveRequest(feesActions, { ab: optionalIsoDayField().optional() }),
    reply: feesReply,
    timeoutMs: 60_000,
  }),
  /** The kitchen's list of a day: lunches per class with the children's dietary notes. */
  kuechenliste: defineCallSpec({
    path: feesPath,
    queryKey: 'kuechenliste',
    request: { tag: isoDayField() },
    reply: z.object({ status: z.literal('success'), liste: kitchenList }),
  }),
  /** The kitchen list as a PDF (download.php). */
  kuechenlistePdf: defineCallSpec({
    path: feesPath,
    queryKey: 'kuechenlistePdf',
    request: { tag: isoDayField() },
    reply: fileReply,
    timeoutMs: 30_000,
  }),
  /**
   * A family's yearly certificate for the tax return (Kinderbetreuungskosten, § 10 Abs. 1 Nr. 5 EStG): per child
   * the care fees of the year's paid statements, meal money apart (not deductible). The office, or the family's
   * parent. Opt-in, not in the specification's module.
   */
  jahresbescheinigungPdf: defineCallSpec({
    path: feesPath,
    queryKey: 'jahresbescheinigungPdf',
    request: {
      id_familie: recordId(),
      jahr: jsonField(
        z
          .number({ error: feesMessages.year })
          .int(feesMessages.year)
          .min(2000, feesMessages.year)
          .max(2100, feesMessages.year),
      ),
    },
    reply: fileReply,
    timeoutMs: 30_000,
  }),
  /** A family's statement as a PDF (download.php): the office, or the family's parent. */
  abrechnungPdf: defineCallSpec({
    path: feesPath,
    queryKey: 'abrechnungPdf',
    request: { id: recordId() },
    reply: fileReply,
    timeoutMs: 30_000,
  }),
};
