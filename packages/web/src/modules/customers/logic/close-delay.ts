/** The customer, order and cost dialogs close this long after a successful save (business.md 4.2). */
export const CLOSE_DELAY_MS = 400;
