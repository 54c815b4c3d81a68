import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { childView } from '../logic/child-view.fixture';
import { noAloneRule } from '@hortus/contract/modules/children';
import { ReleaseDialog } from './release-dialog';

afterEach(cleanup);

describe('release dialog', () => {
  it('shows today’s reason with its comment and releases with exactly that reason', () => {
    const onRelease = vi.fn();
    const child = childView({
      entlassgrund: 'Ausnahme',
      entlassgrundKommentar: 'Arzttermin',
      anwesendHeuteBis: '13:00',
      abholberechtigte: [{ id: 1, name: 'Oma Erna', beziehung: 'Oma', telefon: '0170 1', notiz: '' }],
    });
    render(<ReleaseDialog child={child} time="15:00" onRelease={onRelease} onCancel={vi.fn()} />);
    expect(screen.getByText('Entlasszeit 13:00 Uhr (Ausnahme: Arzttermin)')).toBeTruthy();
    expect(screen.getByText('Oma Erna (Oma)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Entlassen' }));
    expect(onRelease).toHaveBeenCalledWith('Ausnahme: Arzttermin');
  });

  it('a child that may not go alone is released only with who picked it up', () => {
    const onRelease = vi.fn();
    const heute = {
      art: 'person' as const,
      ab: '',
      personen: ['Oma Erna'],
      person: '',
      aenderung: false,
      text: 'nur mit Abholperson',
      gemeldet: '',
    };
    const child = childView({
      abholung: { alleinNachHause: noAloneRule, versionen: [], personen: [], heute },
      gesundheit: { allergien: 'Erdnüsse', medikamente: '', hinweise: '', notfallkontakte: [] },
    });
    render(<ReleaseDialog child={child} time="15:00" onRelease={onRelease} onCancel={vi.fn()} />);
    expect(screen.getByTestId('release-today').textContent).toContain('nur mit Abholperson');
    expect(screen.getByTestId('health-alert').textContent).toContain('Erdnüsse');
    const button = screen.getByRole('button', { name: 'Entlassen' });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'andere Person' }));
    fireEvent.change(screen.getByLabelText('Name der Person'), { target: { value: 'Herr Nachbar' } });
    fireEvent.click(button);
    expect(onRelease).toHaveBeenCalledWith('Standardentlasszeit', 'Herr Nachbar');
  });

  it('alone before its time asks for a confirmation', () => {
    const heute = {
      art: 'allein' as const,
      ab: '14:00',
      personen: [],
      person: '',
      aenderung: false,
      text: 'allein ab 14:00',
      gemeldet: '',
    };
    const child = childView({ abholung: { alleinNachHause: noAloneRule, versionen: [], personen: [], heute } });
    render(<ReleaseDialog child={child} time="13:10" onRelease={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Trotzdem allein entlassen' })).toBeTruthy();
  });

  it('Escape cancels without releasing', () => {
    const onRelease = vi.fn();
    const onCancel = vi.fn();
    render(<ReleaseDialog child={childView()} time="15:00" onRelease={onRelease} onCancel={onCancel} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
    expect(onRelease).not.toHaveBeenCalled();
  });
});
