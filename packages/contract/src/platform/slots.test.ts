import fc from 'fast-check';
import type { Condition } from './api';
import { describe, expect, it } from 'vitest';
import {
  canAddSlots,
  isSlotAdmin,
  slotFields,
  slotNameError,
  slotSortError,
  withCreatorAsAdmin,
  type SlotModuleRights,
} from './slots';

const rights: SlotModuleRights = { admin: 'x|999|000|adm', addSlots: 'x|999|000|010' };
const nobody = { alle: false, gruppen: [], nutzer: [] };

describe('slot fields', () => {
  it('read the same in forms and requests: sort ≤ 25, name ≤ 100, both required with the name rule', () => {
    expect(slotSortError('2026')).toBeNull();
    expect(slotSortError(' ')).toBe('Bitte angeben.');
    expect(slotSortError('x'.repeat(26))).toBe('Maximal 25 Zeichen sind erlaubt');
    expect(slotNameError('ü'.repeat(100))).toBeNull();
    expect(slotNameError('n'.repeat(101))).toBe('Maximal 100 Zeichen sind erlaubt');
    expect(slotNameError('a<b>')).toBe('Enthält unerlaubte Zeichen');
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.string({ maxLength: 30 }), (name, sort) => {
        const parsed = slotFields.name.safeParse(name);
        expect(parsed.success).toBe(slotNameError(name) === null);
        expect(slotFields.sort.safeParse(sort).success).toBe(slotSortError(sort) === null);
      }),
    );
  });

  it('reads an empty id as a new slot', () => {
    expect(slotFields.id.parse('')).toBe(0);
    expect(slotFields.id.parse(undefined)).toBe(0);
    expect(slotFields.id.safeParse(2 ** 31).success).toBe(false);
  });
});

describe('slot rights', () => {
  it('adds slots with …|000|adm or …|000|010; only …|000|adm is admin of every slot', () => {
    const user = (rechte: string[]) => ({ id: 5, gruppen: [2], rechte });
    expect(canAddSlots(user(['x|999|000|adm']), rights)).toBe(true);
    expect(canAddSlots(user(['x|999|000|010']), rights)).toBe(true);
    expect(canAddSlots(user(['x|999']), rights)).toBe(false);
    expect(isSlotAdmin(nobody, user(['x|999|000|adm']), rights)).toBe(true);
    expect(isSlotAdmin(nobody, user(['x|999|000|010']), rights)).toBe(false);
    expect(isSlotAdmin({ ...nobody, gruppen: [2] }, user([]), rights)).toBe(true);
  });

  it('makes the creator slot admin unless the condition already names him', () => {
    expect(withCreatorAsAdmin({ ...nobody, nutzer: [9] }, { id: 5, gruppen: [] }).nutzer).toEqual([5, 9]);
    const byGroup = { ...nobody, gruppen: [2] };
    expect(withCreatorAsAdmin(byGroup, { id: 5, gruppen: [2] })).toBe(byGroup);
    const empty: Condition = { alle: false, gruppen: [] };
    expect(withCreatorAsAdmin(empty, { id: 5, gruppen: [] }).nutzer).toEqual([5]);
  });
});
