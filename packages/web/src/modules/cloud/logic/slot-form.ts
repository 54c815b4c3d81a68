import type { Condition } from '@hortus/contract';
import type { CloudConditions, CloudSettings, CloudSlot, CloudSlotInput } from '@hortus/contract/modules/cloud';

/** A new slot: sort prefix = the current year, name empty, conditions = the module defaults (school.md 4.3). */
export function newSlot(settings: CloudSettings, today = new Date()): CloudSlotInput {
  return {
    id: 0,
    sort: String(today.getFullYear()),
    name: '',
    bedingungen: { f130: structuredClone(settings.standardbedingungen.f130) },
  };
}

export function slotInputOf(slot: CloudSlot): CloudSlotInput {
  return {
    id: slot.id,
    sort: slot.sort,
    name: slot.name,
    bedingungen: { f130: structuredClone(slot.bedingungen.f130) },
  };
}

/** What a stronger condition allows counts as allowed in a weaker one (bearbeiten ⊇ upload ⊇ sehen). */
export function impliedBy(...conditions: Condition[]): Condition {
  return {
    alle: conditions.some((condition) => condition.alle),
    gruppen: [...new Set(conditions.flatMap((condition) => condition.gruppen))],
  };
}

export function impliedConditions(conditions: CloudConditions): { sehen: Condition; upload: Condition } {
  return { sehen: impliedBy(conditions.upload, conditions.bearbeiten), upload: impliedBy(conditions.bearbeiten) };
}

/** The topic of an upload: trimmed; null (→ 'Bitte gib ein Thema an.') when blank. */
export function uploadTopic(value: string): string | null {
  const topic = value.trim();
  return topic === '' ? null : topic;
}

/** A slot id from ?s=; null for none or an invalid value. */
export function slotIdOf(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
