import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { childView } from '../logic/child-view.fixture';
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
    render(<ReleaseDialog child={child} onRelease={onRelease} onCancel={vi.fn()} />);
    expect(screen.getByText('Entlasszeit 13:00 Uhr (Ausnahme: Arzttermin)')).toBeTruthy();
    expect(screen.getByText('Oma Erna (Oma)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Entlassen' }));
    expect(onRelease).toHaveBeenCalledWith('Ausnahme: Arzttermin');
  });

  it('Escape cancels without releasing', () => {
    const onRelease = vi.fn();
    const onCancel = vi.fn();
    render(<ReleaseDialog child={childView()} onRelease={onRelease} onCancel={onCancel} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
    expect(onRelease).not.toHaveBeenCalled();
  });
});
