import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { parameterIconLabels, parameterIcons } from '@hortus/contract/modules/app-settings';
import { IconSelect, iconLabel } from './icon-select';

afterEach(cleanup);

describe('IconSelect', () => {
  it('has a distinct German name for every icon', () => {
    const labels = parameterIcons.map((icon) => parameterIconLabels[icon]);
    expect(new Set(labels).size).toBe(parameterIcons.length);
    expect(iconLabel('Phone')).toBe('Telefon');
    expect(iconLabel('Unbekannt')).toBe('Unbekannt');
  });

  it('shows German names and hands back the icon name', () => {
    const onChange = vi.fn();
    render(<IconSelect value="Phone" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Icon' });
    expect(select.textContent).toContain('Telefon');
    fireEvent.mouseDown(select);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Geburtstag' }));
    expect(onChange).toHaveBeenCalledWith('Cake');
  });
});
