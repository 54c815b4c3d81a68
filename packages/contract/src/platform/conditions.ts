/**
 * A condition says who may do something: everybody (alle), members of chosen groups (gruppen) or
 * chosen users (nutzer). Used by parameters (f010/f100/f200), calendar categories, slots and more.
 */
export interface ConditionLike {
  alle: boolean;
  gruppen: readonly number[];
  nutzer?: readonly number[];
}

export interface ConditionSubject {
  id: number;
  gruppen: readonly number[];
}

export function conditionAllows(condition: ConditionLike, subject: ConditionSubject): boolean {
  if (condition.alle) return true;
  if (condition.gruppen.some((group) => subject.gruppen.includes(group))) return true;
  return (condition.nutzer ?? []).includes(subject.id);
}

/** A see/edit pair: editing implies seeing. */
export interface SeeEditCondition {
  sehen: ConditionLike;
  bearbeiten: ConditionLike;
}

export function canSee(condition: SeeEditCondition, subject: ConditionSubject): boolean {
  return conditionAllows(condition.sehen, subject) || conditionAllows(condition.bearbeiten, subject);
}

export function canEdit(condition: SeeEditCondition, subject: ConditionSubject): boolean {
  return conditionAllows(condition.bearbeiten, subject);
}
