import { z } from 'zod';
import type { AdminUser } from '@hortus/contract';
import type { MemberDetail } from '@hortus/contract/modules/members';
import { savedUser } from '@hortus/contract/modules/user-admin';
import {
  parameterMapsOf,
  parameterValuesOf,
  parameterValuesSchema,
  type ParameterValues,
} from '../../../platform/user-parameters/parameter-schema';

type MemberParameter = MemberDetail['nutzerparameter'][number];

/** Form state of a member detail: the groups and one value per parameter ('p<id>'). */
export interface MemberForm {
  gruppen: number[];
  werte: ParameterValues;
}

export function sortedMemberParameters(parameters: readonly MemberParameter[]): MemberParameter[] {
  return [...parameters].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

export function initialMemberForm(detail: MemberDetail): MemberForm {
  return {
    gruppen: [...detail.gruppen],
    werte: parameterValuesOf(
      detail.nutzerparameter,
      detail.nutzerparameterwerte,
      detail.nutzerparameterwerteSelectoptionIDs,
    ),
  };
}

/** The form's rule: the saveNutzer rule for the groups, and each editable value checked by its type. */
export function memberFormSchema(detail: MemberDetail) {
  return z.object({
    gruppen: savedUser.shape.gruppen,
    werte: parameterValuesSchema(detail.nutzerparameter.filter((parameter) => parameter.bearbeiten)),
  });
}

/**
 * The user sent with saveNutzer (neuPW ''): the detail's id, nn, ident and parameter ids; the groups
 * only changed with gruppenBearbeiten; the values of the parameters the detail shows (the edited ones
 * where editable, else the loaded ones). The detail carries neither the user's own rights nor its
 * visibility nor the start-password flag: rechteSolo [], show true and rootPW false stand for
 * "unchanged" in the member-save mode of the server.
 */
export function memberToSave(detail: MemberDetail, form: MemberForm): AdminUser {
  const loaded = initialMemberForm(detail).werte;
  const editable = detail.nutzerparameter.filter((parameter) => parameter.bearbeiten);
  const readOnly = detail.nutzerparameter.filter((parameter) => !parameter.bearbeiten);
  const edited = parameterMapsOf(editable, form.werte);
  const kept = parameterMapsOf(readOnly, loaded);
  return {
    id: detail.id,
    nn: detail.nn,
    ident: detail.ident,
    gruppen: detail.gruppenBearbeiten ? [...form.gruppen] : [...detail.gruppen],
    nutzerparameter: detail.nutzerparameter.map((parameter) => parameter.id),
    nutzerparameterwerte: { ...kept.nutzerparameterwerte, ...edited.nutzerparameterwerte },
    nutzerparameterwerteSelectoptionIDs: {
      ...kept.nutzerparameterwerteSelectoptionIDs,
      ...edited.nutzerparameterwerteSelectoptionIDs,
    },
    rechteSolo: [],
    rootPW: false,
    show: true,
    version: detail.version,
  };
}

/** The groups with one chosen or removed. */
export function withGroupId(gruppen: readonly number[], groupId: number, on: boolean): number[] {
  const rest = gruppen.filter((id) => id !== groupId);
  return on ? [...rest, groupId] : rest;
}
