import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PasswordDialog } from './password-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const notice = { message: 'Das neue Passwort lautet: Abc23456defg', password: 'Abc23456defg' };

describe('PasswordDialog', () => {
  it('copies the password and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<PasswordDialog notice={notice} onClose={vi.fn()} />);
    expect(screen.getByTestId('password-alert').textContent).toContain('Abc23456defg');
    fireEvent.click(screen.getByRole('button', { name: 'Passwort kopieren' }));
    expect(await screen.findByText('Kopiert')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('Abc23456defg');
  });

  it('asks to copy by hand when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    render(<PasswordDialog notice={notice} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Passwort kopieren' }));
    expect(await screen.findByText(/Kopieren nicht möglich/)).toBeTruthy();
  });
});
