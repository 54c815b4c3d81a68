import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { fileRules } from '@hortus/contract';
import { FilePickerButton } from './file-picker-button';

afterEach(cleanup);

const choose = (file: File) => fireEvent.change(screen.getByTestId('file-picker-input'), { target: { files: [file] } });

describe('FilePickerButton', () => {
  it('is a button whose picker takes the rule’s types', () => {
    render(<FilePickerButton label="Foto wählen" rule={fileRules.jpeg} onFiles={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Foto wählen' })).toBeTruthy();
    expect(screen.getByTestId('file-picker-input').getAttribute('accept')).toBe('image/jpeg');
  });

  it('refuses a file of another type with the German message before anything is sent', () => {
    const onFiles = vi.fn();
    render(<FilePickerButton label="Foto wählen" rule={fileRules.jpeg} onFiles={onFiles} />);
    choose(new File(['x'], 'foto.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe('Nur JPEG-Fotos sind erlaubt.');
    expect(screen.getByRole('button', { name: 'Foto wählen' }).getAttribute('aria-describedby')).toBe(
      screen.getByRole('alert').id,
    );
    expect(onFiles).not.toHaveBeenCalled();
    choose(new File(['x'], 'foto.jpg', { type: 'image/jpeg' }));
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a text file for a PDF-or-image rule', () => {
    const onFiles = vi.fn();
    render(<FilePickerButton label="Dokument hochladen" rule={fileRules.pdfOrImage} onFiles={onFiles} />);
    choose(new File(['x'], 'notiz.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Nur PDF-Dateien und Bilder (PNG, JPEG, GIF, WebP) sind erlaubt.',
    );
    expect(onFiles).not.toHaveBeenCalled();
  });
});
