/** The slot dialogs close (and the slot route returns to /130) this long after a save (school.md 9, core.md 7). */
export const CLOSE_DELAY_MS = 200;
