import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ImportReply } from '@hortus/contract';
import { customerCalls } from '@hortus/contract/modules/customers';
import { ApiError } from '../api/errors';
import { ImportButton } from './import-button';

const call = vi.hoisted(() => vi.fn());
vi.mock('../api/client', () => ({ call }));

const preview: ImportReply = {
  status: 'success',
  probelauf: true,
  neu: 1,
  doppelt: 1,
  fehler: [{ zeile: 4, spalte: 'E-Mail', meldung: 'Bitte eine gültige E-Mail-Adresse angeben.' }],
  zeilen: [
    { zeile: 2, name: 'Bäckerei Korn, Dresden', ergebnis: 'neu' },
    { zeile: 3, name: 'TSV Lindenweg e. V.', ergebnis: 'doppelt' },
    { zeile: 4, name: 'Falsch AG', ergebnis: 'fehler' },
  ],
};

function chooseFile(name = 'kunden.csv', type = 'text/csv') {
  const input = screen.getByTestId('file-picker-input');
  fireEvent.change(input, { target: { files: [new File(['Firma\nA'], name, { type })] } });
}

beforeEach(() => call.mockReset());
afterEach(cleanup);

describe('ImportButton', () => {
  it('previews the chosen file, then imports the new rows and reports', async () => {
    const onDone = vi.fn();
    call.mockResolvedValueOnce(preview).mockResolvedValueOnce({ ...preview, probelauf: false });
    render(
      <ImportButton spec={customerCalls.importKunden} title="Kunden importieren" columns="Firma" onDone={onDone} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Importieren' }));
    const dialog = screen.getByRole('dialog', { name: 'Kunden importieren' });
    const importing = within(dialog).getByRole('button', { name: 'Importieren' }) as HTMLButtonElement;
    expect(importing.disabled).toBe(true);
    chooseFile();
    await waitFor(() =>
      expect(within(dialog).getByText('Vorschau: 1 neu, 1 schon vorhanden, 1 mit Fehlern.')).toBeTruthy(),
    );
    const body = call.mock.calls[0]?.[1] as FormData;
    expect(body.get('probelauf')).toBe('true');
    expect((body.get('file') as File).name).toBe('kunden.csv');
    const table = within(dialog).getByRole('table', { name: 'Vorschau des Imports' });
    expect(within(table).getByText('E-Mail: Bitte eine gültige E-Mail-Adresse angeben.')).toBeTruthy();
    expect(within(table).getByText('schon vorhanden')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Importieren' }));
    await waitFor(() => expect(within(dialog).getByText('1 angelegt, 1 schon vorhanden, 1 mit Fehlern.')).toBeTruthy());
    expect((call.mock.calls[1]?.[1] as FormData).get('probelauf')).toBe('false');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("shows the server's German message for a file it cannot read and imports nothing", async () => {
    const message = 'Die Spalte „Firma“ fehlt (Kopfzeile).';
    call.mockRejectedValueOnce(new ApiError('validationError', 'Fehler', 400, { file: [message] }));
    render(
      <ImportButton spec={customerCalls.importKunden} title="Kunden importieren" columns="Firma" onDone={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Importieren' }));
    chooseFile();
    const dialog = screen.getByRole('dialog', { name: 'Kunden importieren' });
    await waitFor(() => expect(within(dialog).getByText(message)).toBeTruthy());
    expect((within(dialog).getByRole('button', { name: 'Importieren' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a file of another type before sending it', () => {
    render(
      <ImportButton spec={customerCalls.importKunden} title="Kunden importieren" columns="Firma" onDone={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Importieren' }));
    chooseFile('bild.png', 'image/png');
    expect(screen.getByRole('alert').textContent).toBe('Nur CSV-Dateien und Excel-Arbeitsmappen (XLSX) sind erlaubt.');
    expect(call).not.toHaveBeenCalled();
  });
});
