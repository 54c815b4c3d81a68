import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { messages } from '@hortus/contract';
import { AlertProvider } from '../alert/alert-provider';
import { NetworkError } from '../api/errors';
import { SavingProvider } from '../saving/saving-provider';
import { ExportButton } from './export-button';

afterEach(cleanup);

function renderButton(download: (format: string) => Promise<void>) {
  render(
    <AlertProvider>
      <SavingProvider>
        <ExportButton download={download} />
      </SavingProvider>
    </AlertProvider>,
  );
}

describe('ExportButton', () => {
  it("'Exportieren' downloads the CSV; the arrow's menu offers the XLSX workbook", async () => {
    const download = vi.fn(() => Promise.resolve());
    renderButton(download);
    fireEvent.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith('csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Exportformat wählen' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Als Excel-Arbeitsmappe (XLSX)' }));
    await waitFor(() => expect(download).toHaveBeenLastCalledWith('xlsx'));
    expect(download).toHaveBeenCalledTimes(2);
  });

  it('says so in German when the file could not be fetched', async () => {
    renderButton(() => Promise.reject(new NetworkError()));
    fireEvent.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(screen.getByText(messages.downloadFailed)).toBeTruthy());
  });
});
