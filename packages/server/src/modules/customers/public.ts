/**
 * What other server modules may use of module 410 (declared in their `dependsOn`): booking their receipts into
 * the books (module 220's parents' fees: EÜR, DATEV, revenue overview) and an expense as a cost record (a
 * returned debit's bank fee). Both write in the caller's transaction and ask no right.
 */
export {
  bookExternalExpense,
  bookExternalReceipts,
  type ExternalReceiptLine,
  type ExternalReceipts,
} from './external-receipts';
