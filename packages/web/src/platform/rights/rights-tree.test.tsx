import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { RightNode } from '@hortus/contract';
import { toggleRight } from './rights-logic';
import { RightsTree } from './rights-tree';

const tree: RightNode = {
  right: 'x',
  label: 'Alle Rechte',
  icon: 'Security',
  locked: true,
  children: [
    {
      right: 'x|130',
      label: 'Cloud',
      icon: 'Cloud',
      children: [
        { right: 'x|130|000', label: 'Dateien', icon: 'Folder' },
        { right: 'x|130|set', label: 'Cloud-Einstellungen', icon: 'Settings' },
      ],
    },
  ],
};

let saved: string[] = [];

function Harness({ initial }: { initial: string[] }) {
  const [checked, setChecked] = useState<Set<string>>(new Set(initial));
  return (
    <RightsTree
      tree={tree}
      checked={checked}
      onToggle={(right, on, withDescendants) => {
        const next = toggleRight(tree, checked, right, on, withDescendants);
        saved = [...next].sort();
        setChecked(next);
      }}
    />
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  saved = [];
});

describe('RightsTree', () => {
  it('ticking a node grants that node only; a child alone shows the parent as partial', () => {
    render(<Harness initial={[]} />);
    fireEvent.click(box('Cloud'));
    expect(saved).toEqual(['x|130']);
    expect(box('Cloud').checked).toBe(true);
    expect(box('Cloud-Einstellungen').checked).toBe(false);

    fireEvent.click(box('Cloud'));
    fireEvent.click(box('Dateien'));
    expect(saved).toEqual(['x|130|000']);
    expect(box('Cloud').checked).toBe(false);
    expect(box('Cloud').getAttribute('data-indeterminate')).toBe('true');
    expect(box('Cloud').getAttribute('aria-checked')).toBe('mixed');
    expect(screen.getByText('(nur Unterrechte)')).toBeTruthy();
  });

  it('grants and takes away a node with all its rights below through its menu', () => {
    render(<Harness initial={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cloud: mit allen Unterrechten' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mit allen Unterrechten vergeben' }));
    expect(saved).toEqual(['x|130', 'x|130|000', 'x|130|set']);
    for (const name of ['Cloud', 'Dateien', 'Cloud-Einstellungen']) expect(box(name).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Cloud: mit allen Unterrechten' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mit allen Unterrechten entziehen' }));
    expect(saved).toEqual([]);
  });

  it('marks admin-grade rights', () => {
    render(<Harness initial={[]} />);
    const marks = screen.getAllByRole('img', { name: 'Verwaltungsrecht' });
    expect(marks.map((mark) => mark.getAttribute('data-admin-right'))).toEqual(['x|130|set']);
  });
});
