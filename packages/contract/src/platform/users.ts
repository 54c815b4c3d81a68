import { z } from 'zod';
import type { UserParameter } from './api';
import { check, isIsoDate, tooLongMessage, validationMessages } from './validation';
import { versionInput } from './versions';

/**
 * Users, their parameter values and the rules for values by parameter type (core.md section 3).
 * Users are platform data: user administration (005), profile (010), members (100) and parent
 * accounts (200) all read and write them through these shapes.
 */

/** Parameter types 1–12. */
export const parameterType = {
  text: 1,
  longText: 2,
  number: 3,
  email: 4,
  phone: 5,
  url: 6,
  date: 7,
  time: 8,
  singleChoice: 9,
  multipleChoice: 10,
  oneChild: 11,
  severalChildren: 12,
} as const;

export const TEXT_MAX = 255;
export const LONG_TEXT_MAX = 5000;

export const parameterValueMessages = {
  number: 'Bitte eine Zahl angeben.',
  /** The specification's date rule (core.md 5), also for an incomplete entry such as '.12.2026'. */
  date: validationMessages.date,
  time: 'Bitte eine Uhrzeit im Format HH:MM angeben.',
  option: 'Bitte eine der vorgegebenen Optionen wählen.',
  oneOption: 'Bitte höchstens eine Option wählen.',
  child: 'Das gewählte Kind existiert nicht.',
  oneChild: 'Bitte höchstens ein Kind wählen.',
  tooLong: tooLongMessage,
} as const;

/** A value as stored and sent: text (wert) and, for choice and child types, the chosen ids. */
export interface ParameterValue {
  wert: string;
  ids: number[];
}

/**
 * Checks one value against its parameter's type. Returns null when valid, else the German message.
 * Text values are stored as entered; dates as YYYY-MM-DD, times as HH:MM. `childExists` answers
 * whether a child id refers to an existing child (types 11 and 12).
 */
export function parameterValueError(
  parameter: Pick<UserParameter, 'typ' | 'selectoptions'>,
  value: ParameterValue,
  childExists: (id: number) => boolean = () => false,
): string | null {
  const { wert, ids } = value;
  const length = [...wert].length;
  switch (parameter.typ) {
    case parameterType.text:
      return length > TEXT_MAX ? parameterValueMessages.tooLong(TEXT_MAX) : check(wert, ['text']);
    case parameterType.longText:
      return length > LONG_TEXT_MAX ? parameterValueMessages.tooLong(LONG_TEXT_MAX) : check(wert, ['text']);
    case parameterType.number:
      return wert === '' || /^-?\d+(?:[.,]\d+)?$/.test(wert) ? null : parameterValueMessages.number;
    case parameterType.email:
      return length > TEXT_MAX ? parameterValueMessages.tooLong(TEXT_MAX) : check(wert, ['email']);
    case parameterType.phone:
      return length > 50 ? parameterValueMessages.tooLong(50) : check(wert, ['telefon']);
    case parameterType.url:
      return length > 500 ? parameterValueMessages.tooLong(500) : check(wert, ['url']);
    case parameterType.date:
      return wert === '' || isIsoDate(wert) ? null : parameterValueMessages.date;
    case parameterType.time:
      return wert === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(wert) ? null : parameterValueMessages.time;
    case parameterType.singleChoice:
    case parameterType.multipleChoice: {
      if (parameter.typ === parameterType.singleChoice && ids.length > 1) return parameterValueMessages.oneOption;
      const known = new Set(parameter.selectoptions.map((option) => option.id));
      return ids.every((id) => known.has(id)) ? null : parameterValueMessages.option;
    }
    case parameterType.oneChild:
    case parameterType.severalChildren:
      if (parameter.typ === parameterType.oneChild && ids.length > 1) return parameterValueMessages.oneChild;
      return ids.every(childExists) ? null : parameterValueMessages.child;
    default:
      return validationMessages.charset;
  }
}

/** Whether a parameter keeps its value in `ids` (choices and children) rather than in `wert`. */
export function usesIds(typ: number): boolean {
  return typ === 9 || typ === 10 || typ === 11 || typ === 12;
}

const idList = z.array(z.number().int().positive()).max(500);

/** A user as user administration shows and saves it (wire names of the specification). */
export const adminUser = z.object({
  /** 0 for a new user. */
  id: z.number().int().min(0),
  nn: z.string(),
  ident: z.string(),
  gruppen: idList,
  /** Ids of the parameters that apply (those of the user's groups). */
  nutzerparameter: idList,
  /** Text values keyed by parameter id. */
  nutzerparameterwerte: z.record(z.string(), z.string().max(LONG_TEXT_MAX * 2)),
  /** Chosen option (or child) ids keyed by parameter id. */
  nutzerparameterwerteSelectoptionIDs: z.record(z.string(), idList),
  rechteSolo: z.array(z.string().max(100)).max(500),
  rootPW: z.boolean(),
  show: z.boolean(),
  /** The record version (see platform/versions): loaded with the user, sent back by a save to be checked. */
  ...versionInput,
});
export type AdminUser = z.infer<typeof adminUser>;

/** A group with what user administration edits. */
export const adminGroup = z.object({
  id: z.number().int().min(0),
  name: z.string(),
  icon: z.string().max(60),
  beschreibung: z.string().max(2000),
  nutzerparameter: idList,
  rechte: z.array(z.string().max(100)).max(500),
  standard: z.boolean(),
  forcePwReset: z.boolean(),
  /** Members log in with a second factor (TOTP); one without it sets it up at the next login. */
  zweiFaktorPflicht: z.boolean().default(false),
});
export type AdminGroup = z.infer<typeof adminGroup>;

/** Who may list, add, change and delete accounts, parameters and groups (module 005 shows them; the platform's accounts service enforces them). */
export const accountRights = {
  list: 'x|005|000',
  add: 'x|005|000|010',
  edit: 'x|005|000|020',
  delete: 'x|005|000|030',
  parameters: 'x|005|010',
  groups: 'x|005|020',
  protokoll: 'x|005|030',
  /** Datenschutz: retention settings and the Datenauskunft (Art. 15 DSGVO). */
  datenschutz: 'x|005|040',
} as const;
