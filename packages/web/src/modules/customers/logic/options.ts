import type { SelectOption } from '../../../platform/forms/form-fields';

/** The order dialog's 'Art': an order or a contract. */
export const orderKindOptions: readonly SelectOption[] = [
  { value: 'Auftrag', label: 'Auftrag' },
  { value: 'Vertrag', label: 'Vertrag' },
];

/** 'Wiederholen' of a planned document of a contract: once, or in the contract's payment interval. */
export const repeatOptions: readonly SelectOption[] = [
  { value: '0', label: 'einmalig' },
  { value: '1', label: 'im Zahlungsintervall' },
];
