import { z } from 'zod';
import { optionalIsoDayField, optionalTimeOfDayField } from '../../platform/fields';
import { ruledString } from '../../platform/schema';
import { formatGermanDate, tooLongMessage } from '../../platform/validation';
import { recordId } from '../../platform/wire';
import type { DayPlan } from './logic';

/**
 * Release permissions (issue 44): whether a child may go home alone (weekdays, from what time), who may pick
 * it up (with validity), same-day changes from parents, health and care notes. The pure rule 'what applies
 * today' (`releaseToday`) is shared by the server's load and the web's release dialog.
 */
export const releaseMessages = {
  weekday: 'Wochentage sind 1 (Montag) bis 7 (Sonntag).',
  weekdayRequired: 'Bitte mindestens einen Wochentag wählen.',
  validityRange: '„Gültig ab“ darf nicht nach „gültig bis“ liegen.',
  deadlinePassed: (time: string) =>
    `Änderungen für heute sind nur bis ${time} Uhr möglich. Bitte rufen Sie im Hort an.`,
  personRequired: 'Bitte angeben, wer das Kind abholt.',
  timeRequired: 'Bitte die Uhrzeit angeben.',
  aloneNotAllowed: 'Dieses Kind darf nicht allein nach Hause gehen.',
  aloneTooEarly: (time: string) => `Dieses Kind darf heute erst ab ${time} Uhr allein gehen.`,
  otherPerson: 'andere Person',
  unknownPickupPerson: 'Die abholberechtigte Person existiert nicht.',
  saved: 'Gespeichert.',
} as const;

const limited = (max: number, ...rules: Parameters<typeof ruledString>) =>
  ruledString(...rules).pipe(z.string().max(max, tooLongMessage(max)));

export const weekdayNames = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;

const weekday = z
  .number({ error: releaseMessages.weekday })
  .int(releaseMessages.weekday)
  .min(1, releaseMessages.weekday)
  .max(7, releaseMessages.weekday);

/** Going home alone: allowed or not, on which weekdays (1 Monday … 7 Sunday), from what time ('' = any). */
export const aloneRuleInput = z
  .object({
    erlaubt: z.boolean({ error: 'Bitte angeben.' }),
    wochentage: z.array(weekday).max(7).default([]),
    abZeit: optionalTimeOfDayField().default(''),
  })
  .superRefine((value, ctx) => {
    if (value.erlaubt && value.wochentage.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['wochentage'], message: releaseMessages.weekdayRequired });
    }
  })
  .transform((value) => ({
    ...value,
    wochentage: [...new Set(value.wochentage)].sort((a, b) => a - b),
  }));
export type AloneRule = z.output<typeof aloneRuleInput>;

/** 210 erlaubnis / 200 erlaubnis: a child's standing permission to go home alone. */
export const permissionInput = z.object({
  id_kind: recordId(),
  alleinNachHause: aloneRuleInput,
});
export type PermissionInput = z.input<typeof permissionInput>;
export type PermissionData = z.output<typeof permissionInput>;

export const sameDayKinds = ['allein', 'person'] as const;
export type SameDayKind = (typeof sameDayKinds)[number];

/** 210 abholungHeute: 'geht heute allein um …' or 'wird heute abgeholt von …'. */
export const sameDayInput = z
  .object({
    id_kind: recordId(),
    tag: optionalIsoDayField().refine((value) => value !== '', 'Bitte angeben.'),
    art: z.enum(sameDayKinds, { error: 'Bitte „allein“ oder „person“ angeben.' }),
    zeit: optionalTimeOfDayField().default(''),
    person: limited(100, 'name').default(''),
  })
  .superRefine((value, ctx) => {
    if (value.art === 'allein' && value.zeit === '') {
      ctx.addIssue({ code: 'custom', path: ['zeit'], message: releaseMessages.timeRequired });
    }
    if (value.art === 'person' && value.person.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['person'], message: releaseMessages.personRequired });
    }
  });
export type SameDayInput = z.input<typeof sameDayInput>;
export type SameDayData = z.output<typeof sameDayInput>;

/** Health and care notes of a child. */
export const emergencyContact = z.object({
  name: limited(100, 'required', 'name'),
  telefon: limited(50, 'required', 'telefon'),
  beziehung: limited(50, 'name').default(''),
});
export const healthNotesInput = z.object({
  allergien: limited(1000, 'text').default(''),
  medikamente: limited(1000, 'text').default(''),
  hinweise: limited(2000, 'text').default(''),
  notfallkontakte: z.array(emergencyContact).max(10).default([]),
});
export type HealthNotes = z.output<typeof healthNotesInput>;
/** 200 gesundheit: a child's health notes (edit right on its class). */
export const healthInput = healthNotesInput.extend({ id_kind: recordId() });
export type HealthInput = z.input<typeof healthInput>;
export type HealthData = z.output<typeof healthInput>;

export const emptyHealthNotes: HealthNotes = { allergien: '', medikamente: '', hinweise: '', notfallkontakte: [] };
/** Something to flag (the icon in the table, the release dialog and the scan station). */
export const hasHealthAlert = (notes: HealthNotes | undefined): boolean =>
  notes !== undefined && (notes.allergien.trim() !== '' || notes.medikamente.trim() !== '');

export const healthView = z.object({
  allergien: z.string(),
  medikamente: z.string(),
  hinweise: z.string(),
  notfallkontakte: z.array(z.object({ name: z.string(), telefon: z.string(), beziehung: z.string() })),
});

// ---------- what applies today ----------

export interface PickupPersonLike {
  id: number;
  name: string;
  /** Validity 'YYYY-MM-DD' ('' = open). */
  gueltigVon: string;
  gueltigBis: string;
}

export interface SameDayChangeLike {
  id: number;
  tag: string;
  art: SameDayKind;
  zeit: string;
  person: string;
}

/** What applies to a child's release on one day. */
export interface ReleaseToday {
  /** 'allein': may go alone (from `ab`); 'person': only with a pickup person; 'abwesend': not expected. */
  art: 'allein' | 'person' | 'abwesend';
  /** Earliest time to go alone ('' = any time). */
  ab: string;
  /** The pickup persons valid on the day (names). */
  personen: string[];
  /** Today's person named by a same-day change ('' = none). */
  person: string;
  /** Decided by a parent's same-day change of the day. */
  aenderung: boolean;
  /** What staff see: 'allein ab 14:00', 'nur mit Abholperson', 'heute: Oma Erika'. */
  text: string;
}

/** A person's validity covers the day (open bounds always do). */
export function validOn(person: Pick<PickupPersonLike, 'gueltigVon' | 'gueltigBis'>, day: string): boolean {
  return (
    (person.gueltigVon === '' || person.gueltigVon <= day) && (person.gueltigBis === '' || day <= person.gueltigBis)
  );
}

/**
 * What applies on `day` (weekday 1–7): a child not expected by the day's plan (an absence exception)
 * goes nowhere; the newest same-day change of the day decides over the standing permission ('allein' at
 * its time, 'person' with its named person); else the child may go alone on a permitted weekday from
 * `abZeit`, otherwise only with one of the pickup persons valid that day.
 */
export function releaseToday(
  rule: AloneRule | undefined,
  persons: readonly PickupPersonLike[],
  changes: readonly SameDayChangeLike[],
  plan: Pick<DayPlan, 'anwesend'>,
  day: string,
  weekday: number,
): ReleaseToday {
  const personen = persons.filter((person) => validOn(person, day)).map((person) => person.name);
  if (!plan.anwesend) {
    return { art: 'abwesend', ab: '', personen, person: '', aenderung: false, text: 'heute nicht erwartet' };
  }
  const change = changes
    .filter((entry) => entry.tag === day)
    .reduce<SameDayChangeLike | undefined>((best, entry) => (!best || entry.id > best.id ? entry : best), undefined);
  if (change?.art === 'allein') {
    return {
      art: 'allein',
      ab: change.zeit,
      personen,
      person: '',
      aenderung: true,
      text: `heute allein ab ${change.zeit}`,
    };
  }
  if (change?.art === 'person') {
    return { art: 'person', ab: '', personen, person: change.person, aenderung: true, text: `heute: ${change.person}` };
  }
  if (rule?.erlaubt && rule.wochentage.includes(weekday)) {
    const ab = rule.abZeit;
    return {
      art: 'allein',
      ab,
      personen,
      person: '',
      aenderung: false,
      text: ab ? `allein ab ${ab}` : 'darf allein gehen',
    };
  }
  return { art: 'person', ab: '', personen, person: '', aenderung: false, text: 'nur mit Abholperson' };
}

/** What a release at `time` needs: nothing, who picked the child up, or a confirmation (alone too early). */
export function releaseNeeds(today: ReleaseToday, time: string): 'nichts' | 'person' | 'bestaetigung' {
  if (today.art === 'person') return 'person';
  if (today.art === 'allein' && today.ab !== '' && time < today.ab) return 'bestaetigung';
  return 'nichts';
}

/** 'Mo–Do', 'Mo, Mi, Fr' — the weekdays of a permission, runs joined. */
export function weekdayText(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3
        ? [`${weekdayNames[(run[0] ?? 1) - 1]}–${weekdayNames[(run.at(-1) ?? 1) - 1]}`]
        : run.map((day) => weekdayNames[day - 1] ?? ''),
    )
    .join(', ');
}

// ---------- views ----------

export const aloneRuleView = z.object({
  erlaubt: z.boolean(),
  wochentage: z.array(z.number()),
  abZeit: z.string(),
  /** Recorded by staff from a signed paper form. */
  papier: z.boolean(),
  /** Who gave it and when (German date and time); '' when never given. */
  von: z.string(),
  am: z.string(),
});
export type AloneRuleView = z.infer<typeof aloneRuleView>;

export const pickupTodayView = z.object({
  art: z.enum(['allein', 'person', 'abwesend']),
  ab: z.string(),
  personen: z.array(z.string()),
  person: z.string(),
  aenderung: z.boolean(),
  text: z.string(),
  /** The same-day change sent (German date and time; '' without one). */
  gemeldet: z.string(),
});

/** A pickup person as the load sends it (validity '' = open). */
export const pickupPersonEntryView = z.object({
  id: z.number(),
  name: z.string(),
  beziehung: z.string(),
  telefon: z.string(),
  notiz: z.string(),
  gueltigVon: z.string(),
  gueltigBis: z.string(),
});

/**
 * One version of a child's list of pickup persons (issue 44): the list as it stood after a change, who
 * changed it (a parent on the phone or staff) and when (German date and time).
 */
export const pickupVersionView = z.object({
  personen: z.array(pickupPersonEntryView.omit({ id: true })),
  von: z.string(),
  am: z.string(),
});
export type PickupVersionView = z.infer<typeof pickupVersionView>;

/** Most versions of a child's pickup persons a load sends (newest first). */
export const PICKUP_VERSIONS_SHOWN = 20;

/** 200's load: per child the caller sees, what applies to its release. */
export const pickupView = z.object({
  alleinNachHause: aloneRuleView,
  /** Earlier versions of the permission, newest first. */
  versionen: z.array(aloneRuleView),
  personen: z.array(pickupPersonEntryView),
  /**
   * The recorded versions of the pickup persons, newest first (the first is the list in force); only in a
   * child's details (200 getKind) and a parent's own children (210), not in the list load.
   */
  personenVersionen: z.array(pickupVersionView).optional(),
  heute: pickupTodayView,
});
export type PickupView = z.infer<typeof pickupView>;

export const noAloneRule: AloneRuleView = {
  erlaubt: false,
  wochentage: [],
  abZeit: '',
  papier: false,
  von: '',
  am: '',
};

/** 'ab 01.12.2026 bis 31.12.2026', '' — a pickup person's validity in words. */
export function validityText(person: { gueltigVon: string; gueltigBis: string }): string {
  return [
    person.gueltigVon && `ab ${formatGermanDate(person.gueltigVon)}`,
    person.gueltigBis && `bis ${formatGermanDate(person.gueltigBis)}`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** 'Oma Erika (Oma, bis 31.12.2026); Herr Nachbar' — one version of the pickup persons in a line. */
export function pickupVersionText(version: Pick<PickupVersionView, 'personen'>): string {
  if (version.personen.length === 0) return 'keine Personen';
  return version.personen
    .map((person) => {
      const details = [person.beziehung, validityText(person)].filter(Boolean).join(', ');
      return details ? `${person.name} (${details})` : person.name;
    })
    .join('; ');
}
