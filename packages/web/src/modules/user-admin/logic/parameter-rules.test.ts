import { describe, expect, it } from 'vitest';
import { validationMessages } from '@hortus/contract';
import { savedParameter } from '@hortus/contract/modules/user-admin';
import {
  addOption,
  isParameterValid,
  newParameterDraft,
  parameterErrors,
  toSavedParameter,
  withCondition,
} from './parameter-rules';
import { groupNameError, newGroup } from './group-rules';

describe('parameter rules', () => {
  it('creates a new parameter with type 1 and sort = count + 9', () => {
    const draft = newParameterDraft(4);
    expect(draft).toMatchObject({ id: 0, typ: 1, sort: '13', name: 'Neuer Parameter' });
    expect(isParameterValid(parameterErrors(draft))).toBe(true);
    expect(savedParameter.safeParse(toSavedParameter(draft)).success).toBe(true);
  });

  it("adds options 'Option N' with sort N and new ids ≤ 0", () => {
    const draft = addOption(addOption({ ...newParameterDraft(0), typ: 9 }));
    expect(draft.selectoptions).toEqual([
      { id: -1, sort: '1', wert: 'Option 1' },
      { id: -2, sort: '2', wert: 'Option 2' },
    ]);
    const saved = toSavedParameter(draft);
    expect(saved.selectoptions).toEqual([
      { id: -1, sort: 1, wert: 'Option 1' },
      { id: -2, sort: 2, wert: 'Option 2' },
    ]);
    expect(savedParameter.safeParse(saved).success).toBe(true);
    // Options only travel with the choice types.
    expect(toSavedParameter({ ...draft, typ: 1 }).selectoptions).toEqual([]);
  });

  it('checks name, sort and options with the shared rules', () => {
    const draft = addOption({ ...newParameterDraft(0), typ: 10, name: '', sort: '' });
    const errors = parameterErrors({
      ...draft,
      selectoptions: [{ id: -1, sort: '', wert: 'x'.repeat(26) }],
    });
    expect(errors.name).toBe(validationMessages.required);
    expect(errors.sort).toBe(validationMessages.required);
    expect(errors.options[-1]).toEqual({ sort: validationMessages.required, wert: validationMessages.tinytext });
    expect(isParameterValid(errors)).toBe(false);
    expect(parameterErrors({ ...newParameterDraft(0), name: 'a<b' }).name).toBe(validationMessages.charset);
  });

  it('changes one condition', () => {
    const draft = withCondition(newParameterDraft(0), 'f100', 'bearbeiten', { alle: false, gruppen: [2] });
    expect(draft.bedingungen.f100.bearbeiten).toEqual({ alle: false, gruppen: [2] });
    expect(draft.bedingungen.f010.sehen.alle).toBe(true);
  });

  it('names a new group and checks its name like a parameter name', () => {
    expect(newGroup().name).toBe('Neue Gruppe');
    expect(groupNameError('')).toBe(validationMessages.required);
    expect(groupNameError('x'.repeat(26))).toBe(validationMessages.tinytext);
    expect(groupNameError('Eltern 1a')).toBeNull();
  });
});
