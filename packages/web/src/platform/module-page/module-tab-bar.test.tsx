import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ModuleTab } from '@hortus/contract';
import { ModuleTabBar } from './module-tab-bar';

const tabs: ModuleTab[] = [
  { code: '', label: 'Kinder', right: 'x|200|000|000' },
  { code: '200', label: 'Statistik', right: 'x|200|200' },
  { code: 'set', label: 'Einstellungen', right: 'x|200|set' },
];

function renderBar(current: ModuleTab) {
  return render(
    <MemoryRouter>
      <ModuleTabBar moduleCode="200" moduleTitle="Kinderverwaltung" tabs={tabs} current={current} />
    </MemoryRouter>,
  );
}

describe('module tab bar', () => {
  afterEach(cleanup);

  it('is a named tab list of links with the current tab selected and alone in the tab order', () => {
    renderBar(tabs[1]!);
    const list = screen.getByRole('tablist', { name: 'Kinderverwaltung' });
    expect(list).toBeTruthy();
    const items = screen.getAllByRole('tab');
    expect(items.map((item) => item.textContent)).toEqual(['Kinder', 'Statistik', 'Einstellungen']);
    expect(items.map((item) => item.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect(items.map((item) => item.tabIndex)).toEqual([-1, 0, -1]);
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/200', '/200-200', '/200-set']);
  });

  it('moves the focus with the arrow keys, Home and End, wrapping at both ends', () => {
    renderBar(tabs[0]!);
    const [first, second, third] = screen.getAllByRole('tab');
    first!.focus();
    fireEvent.keyDown(first!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second!, { key: 'End' });
    expect(document.activeElement).toBe(third);
    fireEvent.keyDown(third!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(third);
    fireEvent.keyDown(third!, { key: 'Home' });
    expect(document.activeElement).toBe(first);
  });

  it('selects nothing for a hidden current tab and keeps the first tab reachable by keyboard', () => {
    renderBar({ code: 'x', label: 'Versteckt', right: 'x|200', hidden: true });
    const items = screen.getAllByRole('tab');
    expect(items.every((item) => item.getAttribute('aria-selected') === 'false')).toBe(true);
    expect(items.map((item) => item.tabIndex)).toEqual([0, -1, -1]);
  });
});
