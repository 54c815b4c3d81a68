import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { UserParameter } from '@hortus/contract';
import { CHILDREN_HINT, ParameterField } from './parameter-field';
import { parameterError, valueOf } from './parameter-schema';

const condition = { sehen: { alle: true, gruppen: [] }, bearbeiten: { alle: true, gruppen: [] } };

function parameter(typ: number, extra: Partial<UserParameter> = {}): UserParameter {
  return {
    id: 7,
    name: 'Feld',
    icon: 'Phone',
    typ,
    sort: 1,
    ident: false,
    selectoptions: [
      { id: 1, id_nutzerparameter: 7, sort: 2, wert: 'B' },
      { id: 2, id_nutzerparameter: 7, sort: 1, wert: 'A' },
    ],
    f100: { seeOnTable: false },
    bedingungen: { f010: condition, f100: condition, f200: condition },
    ...extra,
  };
}

afterEach(cleanup);

describe('valueOf', () => {
  it('reads text and ids by parameter id', () => {
    expect(valueOf({ '7': 'x' }, { '7': [1, 2] }, 7)).toEqual({ wert: 'x', ids: [1, 2] });
  });
  it('defaults to empty', () => {
    expect(valueOf({}, {}, 3)).toEqual({ wert: '', ids: [] });
  });
});

describe('parameterError', () => {
  it('checks by type with the contract messages', () => {
    expect(parameterError(parameter(5), { wert: '0351 123', ids: [] })).toBeNull();
    expect(parameterError(parameter(5), { wert: 'abc', ids: [] })).toBe('Enthält unerlaubte Zeichen');
    expect(parameterError(parameter(3), { wert: '1,5', ids: [] })).toBeNull();
    expect(parameterError(parameter(3), { wert: 'zwei', ids: [] })).toBe('Bitte eine Zahl angeben.');
    expect(parameterError(parameter(7), { wert: '2024-02-30', ids: [] })).toBe(
      'Bitte im folgenden Format angeben: TT.MM.YYYY',
    );
    expect(parameterError(parameter(8), { wert: '24:00', ids: [] })).toBe(
      'Bitte eine Uhrzeit im Format HH:MM angeben.',
    );
    expect(parameterError(parameter(4), { wert: 'a@b', ids: [] })).toBe('Ungültige E-Mail-Adresse');
  });
  it('checks choices against the options', () => {
    expect(parameterError(parameter(9), { wert: '', ids: [1] })).toBeNull();
    expect(parameterError(parameter(9), { wert: '', ids: [1, 2] })).toBe('Bitte höchstens eine Option wählen.');
    expect(parameterError(parameter(10), { wert: '', ids: [1, 2] })).toBeNull();
    expect(parameterError(parameter(10), { wert: '', ids: [99] })).toBe('Bitte eine der vorgegebenen Optionen wählen.');
  });
  it('leaves child ids to the server, but only one for type 11', () => {
    expect(parameterError(parameter(12), { wert: '', ids: [5, 6] })).toBeNull();
    expect(parameterError(parameter(11), { wert: '', ids: [5, 6] })).toBe('Bitte höchstens ein Kind wählen.');
  });
});

describe('ParameterField', () => {
  it('renders a labelled tel input and reports changes', () => {
    let changed: unknown = null;
    render(
      <ParameterField
        parameter={parameter(5, { name: 'Telefon' })}
        value={{ wert: '1', ids: [] }}
        onChange={(value) => (changed = value)}
        error="Enthält unerlaubte Zeichen"
      />,
    );
    const input = screen.getByLabelText('Telefon');
    expect(input.getAttribute('type')).toBe('tel');
    fireEvent.change(input, { target: { value: '12' } });
    expect(changed).toEqual({ wert: '12', ids: [] });
    expect(screen.getByText('Enthält unerlaubte Zeichen')).toBeTruthy();
  });

  it('uses the German pickers for Datum (7) and Uhrzeit (8), storing YYYY-MM-DD and HH:mm', () => {
    const changes: unknown[] = [];
    render(
      <ParameterField
        parameter={parameter(7, { name: 'Datum' })}
        value={{ wert: '2024-01-02', ids: [5] }}
        onChange={(value) => changes.push(value)}
      />,
    );
    const dateGroup = screen.getByRole('group', { name: 'Datum' });
    expect(dateGroup.parentElement?.querySelector('input')?.value).toBe('02.01.2024');
    const day = screen.getAllByRole('spinbutton', { name: 'Tag' })[0] as HTMLElement;
    fireEvent.focus(day);
    fireEvent.keyDown(day, { key: 'ArrowUp' });
    expect(changes).toEqual([{ wert: '2024-01-03', ids: [5] }]);
    cleanup();
    render(
      <ParameterField
        parameter={parameter(8, { name: 'Zeit' })}
        value={{ wert: '08:30', ids: [] }}
        onChange={() => undefined}
      />,
    );
    const timeGroup = screen.getByRole('group', { name: 'Zeit' });
    expect(timeGroup.parentElement?.querySelector('input')?.value).toBe('08:30');
  });

  it('shows multiple choice as checkboxes sorted by option sort', () => {
    let changed: unknown = null;
    render(
      <ParameterField
        parameter={parameter(10)}
        value={{ wert: '', ids: [1] }}
        onChange={(value) => (changed = value)}
      />,
    );
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    expect(screen.getByLabelText('B')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByLabelText('A'));
    expect(changed).toEqual({ wert: '', ids: [1, 2] });
  });

  it('shows the children hint for the child types', () => {
    render(<ParameterField parameter={parameter(12)} value={{ wert: '', ids: [] }} onChange={() => undefined} />);
    expect(screen.getByText(CHILDREN_HINT)).toBeTruthy();
  });
});
