import { VAT_CATEGORIES, vatCategoryNames } from '@hortus/contract/modules/customers';

/** The VAT categories of EN 16931 to choose from; '' leaves it to the rate (S, or Z at 0 %). */
export const vatCategoryOptions = [
  { value: '', label: 'nach Steuersatz (S bzw. Z)' },
  ...VAT_CATEGORIES.map((category) => ({ value: category, label: vatCategoryNames[category] })),
] as const;
