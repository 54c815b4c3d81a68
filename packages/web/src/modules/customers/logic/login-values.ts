import type { z } from 'zod';
import { customerInput, type CustomerInput, type CustomerView } from '@hortus/contract/modules/customers';
import {
  parameterFieldOf,
  parameterMapsOf,
  parameterValuesOf,
  parameterValuesSchema,
  type ParameterValues,
} from '../../../platform/user-parameters/parameter-schema';

/**
 * The customer form with the login's user parameters (f200): the values live under `werte` keyed
 * 'p<id>' (the platform's parameter form pieces); only the editable ones are checked and sent.
 */
export function customerFormSchema(customer: CustomerView | null) {
  const editable = customer?.nutzer?.nutzerparameter.filter((parameter) => parameter.bearbeiten) ?? [];
  return customerInput.extend({ werte: parameterValuesSchema(editable) });
}
export type CustomerFormValues = z.input<ReturnType<typeof customerFormSchema>>;

export function loginValuesOf(customer: CustomerView | null): ParameterValues {
  const login = customer?.nutzer;
  return login
    ? parameterValuesOf(login.nutzerparameter, login.nutzerparameterwerte, login.nutzerparameterwerteSelectoptionIDs)
    : {};
}

/**
 * The saved customer: the editable values go along as `nutzer` only while the stored login is chosen
 * (after choosing another login its parameters show once it is saved).
 */
export function customerToSave(
  customer: CustomerView | null,
  { werte, ...values }: Omit<CustomerInput, 'nutzer'> & { id_login: number; werte: ParameterValues },
): CustomerInput {
  const editable = customer?.nutzer?.nutzerparameter.filter((parameter) => parameter.bearbeiten) ?? [];
  if (!customer || editable.length === 0 || values.id_login !== customer.id_login) return values;
  return { ...values, nutzer: parameterMapsOf(editable, werte) };
}

/** Server errors of the login values ('nutzer.nutzerparameterwerte.3') land on their fields ('werte.p3'). */
export function customerFieldOf(wireField: string): string {
  return wireField.startsWith('nutzer.') ? parameterFieldOf('werte')(wireField.slice('nutzer.'.length)) : wireField;
}
