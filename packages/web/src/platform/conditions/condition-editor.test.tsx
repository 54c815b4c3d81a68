import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConditionEditor } from './condition-editor';
import { groupAllowed, toggleGroup } from './condition-logic';

const groups = [
  { id: 1, name: 'Verwaltung' },
  { id: 2, name: 'Eltern' },
];

describe('condition logic', () => {
  it('toggles groups and keeps the users', () => {
    expect(toggleGroup({ alle: false, gruppen: [2], nutzer: [7] }, 1, true)).toEqual({
      alle: false,
      gruppen: [1, 2],
      nutzer: [7],
    });
    expect(toggleGroup({ alle: false, gruppen: [1, 2] }, 1, false)).toEqual({ alle: false, gruppen: [2] });
  });

  it('counts a group allowed by the implied condition (editing implies seeing)', () => {
    expect(groupAllowed({ alle: false, gruppen: [] }, 2, { alle: false, gruppen: [2] })).toBe(true);
    expect(groupAllowed({ alle: false, gruppen: [] }, 1, { alle: false, gruppen: [2] })).toBe(false);
  });
});

describe('ConditionEditor', () => {
  afterEach(cleanup);

  it('shows implied groups checked and disabled and reports changes', () => {
    const onChange = vi.fn();
    render(
      <ConditionEditor
        label="Profil: sehen"
        value={{ alle: false, gruppen: [] }}
        implied={{ alle: false, gruppen: [2] }}
        groups={groups}
        onChange={onChange}
      />,
    );
    const parents = screen.getByRole('checkbox', { name: 'Eltern' }) as HTMLInputElement;
    expect(parents.checked).toBe(true);
    expect(parents.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verwaltung' }));
    expect(onChange).toHaveBeenCalledWith({ alle: false, gruppen: [1] });
    fireEvent.click(screen.getByRole('switch', { name: 'Alle' }));
    expect(onChange).toHaveBeenLastCalledWith({ alle: true, gruppen: [] });
  });

  it("hides the groups when 'Alle' is on", () => {
    render(<ConditionEditor label="x" value={{ alle: true, gruppen: [] }} groups={groups} onChange={() => {}} />);
    expect(screen.queryByRole('checkbox', { name: 'Eltern' })).toBeNull();
  });
});
