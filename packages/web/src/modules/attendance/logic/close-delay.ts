/** The slot and poll dialogs close this long after a successful save (core.md 7: slot dialogs 200 ms). */
export const CLOSE_DELAY_MS = 200;
