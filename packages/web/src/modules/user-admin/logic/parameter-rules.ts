import { check, parameterType, parameterValueMessages, type Condition, type UserParameter } from '@hortus/contract';
import type { SavedParameter } from '@hortus/contract/modules/user-admin';

export type ConditionArea = 'f010' | 'f100' | 'f200';
export type ConditionKind = 'sehen' | 'bearbeiten';

export const conditionAreas: readonly { area: ConditionArea; label: string }[] = [
  { area: 'f010', label: 'Profil' },
  { area: 'f100', label: 'Mitglieder' },
  { area: 'f200', label: 'Elternverwaltung' },
];

export interface OptionDraft {
  /** 0 or negative: a new option. */
  id: number;
  sort: string;
  wert: string;
}

/** A parameter as its panel edits it (sort fields as typed text). */
export interface ParameterDraft {
  id: number;
  name: string;
  icon: string;
  typ: number;
  sort: string;
  ident: boolean;
  f100: { seeOnTable: boolean };
  selectoptions: OptionDraft[];
  bedingungen: SavedParameter['bedingungen'];
}

export const NEW_PARAMETER_NAME = 'Neuer Parameter';

const nobody = (): Condition => ({ alle: false, gruppen: [] });
const everybody = (): Condition => ({ alle: true, gruppen: [] });

export function draftOf(parameter: UserParameter): ParameterDraft {
  return {
    id: parameter.id,
    name: parameter.name,
    icon: parameter.icon,
    typ: parameter.typ,
    sort: String(parameter.sort),
    ident: parameter.ident,
    f100: { seeOnTable: parameter.f100.seeOnTable },
    selectoptions: [...parameter.selectoptions]
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((option) => ({ id: option.id, sort: String(option.sort), wert: option.wert })),
    bedingungen: structuredClone(parameter.bedingungen),
  };
}

/** A new parameter: type 1, sort = current count + 9, name 'Neuer Parameter'; everybody sees and edits it in the own profile. */
export function newParameterDraft(currentCount: number): ParameterDraft {
  return {
    id: 0,
    name: NEW_PARAMETER_NAME,
    icon: 'Label',
    typ: parameterType.text,
    sort: String(currentCount + 9),
    ident: false,
    f100: { seeOnTable: false },
    selectoptions: [],
    bedingungen: {
      f010: { sehen: everybody(), bearbeiten: everybody() },
      f100: { sehen: nobody(), bearbeiten: nobody() },
      f200: { sehen: nobody(), bearbeiten: nobody() },
    },
  };
}

export function hasOptions(typ: number): boolean {
  return typ === parameterType.singleChoice || typ === parameterType.multipleChoice;
}

/** Adds 'Option N' with sort N (N = the new number of options) and a new temporary id ≤ 0. */
export function addOption(draft: ParameterDraft): ParameterDraft {
  const n = draft.selectoptions.length + 1;
  const id = Math.min(0, ...draft.selectoptions.map((option) => option.id)) - 1;
  return { ...draft, selectoptions: [...draft.selectoptions, { id, sort: String(n), wert: `Option ${n}` }] };
}

export interface ParameterErrors {
  name: string | null;
  sort: string | null;
  options: Record<number, { sort: string | null; wert: string | null }>;
}

function sortError(value: string): string | null {
  return check(value, ['required']) ?? (/^-?\d+$/.test(value.trim()) ? null : parameterValueMessages.number);
}

const nameRules = ['required', 'tinytext', 'name'] as const;

export function parameterErrors(draft: ParameterDraft): ParameterErrors {
  const options: ParameterErrors['options'] = {};
  if (hasOptions(draft.typ)) {
    for (const option of draft.selectoptions) {
      options[option.id] = { sort: sortError(option.sort), wert: check(option.wert, nameRules) };
    }
  }
  return { name: check(draft.name, nameRules), sort: sortError(draft.sort), options };
}

export function isParameterValid(errors: ParameterErrors): boolean {
  return (
    errors.name === null &&
    errors.sort === null &&
    Object.values(errors.options).every((option) => option.sort === null && option.wert === null)
  );
}

/** The wire shape of the save call. Options are sent only for the choice types. */
export function toSavedParameter(draft: ParameterDraft): SavedParameter {
  return {
    id: draft.id,
    name: draft.name.trim(),
    icon: draft.icon,
    typ: draft.typ,
    sort: Number.parseInt(draft.sort, 10),
    ident: draft.ident,
    f100: { seeOnTable: draft.f100.seeOnTable },
    selectoptions: hasOptions(draft.typ)
      ? draft.selectoptions.map((option) => ({
          id: option.id,
          sort: Number.parseInt(option.sort, 10),
          wert: option.wert.trim(),
        }))
      : [],
    bedingungen: draft.bedingungen,
  };
}

export function withCondition(
  draft: ParameterDraft,
  area: ConditionArea,
  kind: ConditionKind,
  condition: Condition,
): ParameterDraft {
  return {
    ...draft,
    bedingungen: { ...draft.bedingungen, [area]: { ...draft.bedingungen[area], [kind]: condition } },
  };
}
