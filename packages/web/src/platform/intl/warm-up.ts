/**
 * The first use of `Intl` in a page loads ICU's locale and time-zone data: about 40 ms on a 4×-slowed
 * phone CPU for the first formatter, 10–30 ms more for time zones, German dates and collation. Done on
 * the way (a table's number format, the Berlin clock, the first sorted list), that time lands inside the
 * long render tasks of the first screen. Here each piece runs in a task of its own while the page waits
 * for its code and data, so none of them blocks: later formatters find the data loaded.
 */
export const intlWarmUpSteps: readonly (() => unknown)[] = [
  () => new Intl.NumberFormat('en-US').format(1),
  () =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', hourCycle: 'h23', hour: 'numeric' }).formatToParts(0),
  () => new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium' }).format(0),
  () => ['b', 'a'].sort(new Intl.Collator('de').compare),
];

/** Runs the warm-up steps one task each, starting after the current task. */
export function warmUpIntl(
  schedule: (task: () => void) => void = (task) => setTimeout(task, 0),
  steps: readonly (() => unknown)[] = intlWarmUpSteps,
): void {
  let index = 0;
  const next = () => {
    const step = steps[index++];
    if (!step) return;
    step();
    schedule(next);
  };
  schedule(next);
}
