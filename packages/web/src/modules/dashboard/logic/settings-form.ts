import type { DashboardSettings, DashboardSettingsReply } from '@hortus/contract/modules/dashboard';

export function settingsOf(reply: DashboardSettingsReply): DashboardSettings {
  return {
    useWidgets: reply.useWidgets,
    bedingung_f000_sehen: reply.bedingung_f000_sehen,
    w1_bedingung_meldungErstellen: reply.w1_bedingung_meldungErstellen,
    w1_standardEmpfaenger: reply.w1_standardEmpfaenger,
    w1_200_Elterngruppe: reply.w1_200_Elterngruppe,
  };
}

/** Used widgets in their order first, then the unused ones. */
export function widgetOrder<W extends { id: string }>(all: readonly W[], used: readonly string[]): W[] {
  const inUse = used.flatMap((id) => all.filter((widget) => widget.id === id));
  return [...inUse, ...all.filter((widget) => !used.includes(widget.id))];
}

/** Moves a used widget one place up (-1) or down (1). */
export function moveWidget(used: readonly string[], id: string, step: -1 | 1): string[] {
  const index = used.indexOf(id);
  const target = index + step;
  if (index < 0 || target < 0 || target >= used.length) return [...used];
  const next = [...used];
  [next[index], next[target]] = [next[target] as string, next[index] as string];
  return next;
}
