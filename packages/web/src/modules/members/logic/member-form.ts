import { usesIds, userAdminMessages, type AdminUser, type MemberDetail, type ParameterValue } from '@hortus/contract';
import { parameterError, valueOf } from '../../../platform/user-parameters/parameter-field';

type MemberParameter = MemberDetail['nutzerparameter'][number];

/** Form state of a member detail: the groups and one value per parameter id. */
export interface MemberForm {
  gruppen: readonly number[];
  values: Readonly<Record<string, ParameterValue>>;
}

export function sortedMemberParameters(parameters: readonly MemberParameter[]): MemberParameter[] {
  return [...parameters].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

export function initialMemberForm(detail: MemberDetail): MemberForm {
  const values: Record<string, ParameterValue> = {};
  for (const parameter of detail.nutzerparameter) {
    values[parameter.id] = valueOf(
      detail.nutzerparameterwerte,
      detail.nutzerparameterwerteSelectoptionIDs,
      parameter.id,
    );
  }
  return { gruppen: [...detail.gruppen], values };
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = [...a].sort((x, y) => x - y);
  const right = [...b].sort((x, y) => x - y);
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

function sameValue(a: ParameterValue | undefined, b: ParameterValue | undefined, typ: number): boolean {
  if (!a || !b) return a === b;
  return usesIds(typ) ? sameIds(a.ids, b.ids) : a.wert === b.wert;
}

/** Whether the groups (when editable) or an editable value differ from the loaded detail. */
export function memberFormChanged(detail: MemberDetail, initial: MemberForm, current: MemberForm): boolean {
  if (detail.gruppenBearbeiten && !sameIds(initial.gruppen, current.gruppen)) return true;
  return detail.nutzerparameter.some(
    (parameter) =>
      parameter.bearbeiten && !sameValue(initial.values[parameter.id], current.values[parameter.id], parameter.typ),
  );
}

/** German messages keyed by parameter id, plus 'gruppen' when no group is chosen. */
export function memberFormErrors(detail: MemberDetail, form: MemberForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.gruppen.length === 0) errors.gruppen = userAdminMessages.noGroup;
  for (const parameter of detail.nutzerparameter) {
    if (!parameter.bearbeiten) continue;
    const value = form.values[parameter.id];
    const error = value ? parameterError(parameter, value) : null;
    if (error !== null) errors[parameter.id] = error;
  }
  return errors;
}

/**
 * The user sent with saveNutzer (neuPW ''): the detail's id, nn, ident and parameter ids; the groups
 * only changed with gruppenBearbeiten; the values of the parameters the detail shows (the edited ones
 * where editable, else the loaded ones). The detail carries neither the user's own rights nor its
 * visibility nor the start-password flag: rechteSolo [], show true and rootPW false stand for
 * "unchanged" in the member-save mode of the server.
 */
export function memberToSave(detail: MemberDetail, form: MemberForm): AdminUser {
  const nutzerparameterwerte: Record<string, string> = {};
  const nutzerparameterwerteSelectoptionIDs: Record<string, number[]> = {};
  const loaded = initialMemberForm(detail);
  for (const parameter of detail.nutzerparameter) {
    const source = parameter.bearbeiten ? form.values : loaded.values;
    const value = source[parameter.id] ?? { wert: '', ids: [] };
    if (usesIds(parameter.typ)) nutzerparameterwerteSelectoptionIDs[parameter.id] = [...value.ids];
    else nutzerparameterwerte[parameter.id] = value.wert;
  }
  return {
    id: detail.id,
    nn: detail.nn,
    ident: detail.ident,
    gruppen: detail.gruppenBearbeiten ? [...form.gruppen] : [...detail.gruppen],
    nutzerparameter: detail.nutzerparameter.map((parameter) => parameter.id),
    nutzerparameterwerte,
    nutzerparameterwerteSelectoptionIDs,
    rechteSolo: [],
    rootPW: false,
    show: true,
  };
}

/** Chooses or removes a group. */
export function withMemberGroup(form: MemberForm, groupId: number, on: boolean): MemberForm {
  const rest = form.gruppen.filter((id) => id !== groupId);
  return { ...form, gruppen: on ? [...rest, groupId] : rest };
}
