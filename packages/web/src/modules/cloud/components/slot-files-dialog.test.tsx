import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cloudMessages, type CloudFile, type CloudSlot } from '@hortus/contract/modules/cloud';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import type * as files from '../api/files';
import { SlotFilesDialog } from './slot-files-dialog';

const deleteCloudFiles = vi.hoisted(() => vi.fn());
const uploadOne = vi.hoisted(() => vi.fn());
vi.mock('../api/files', async (importOriginal) => ({
  ...(await importOriginal<typeof files>()),
  deleteCloudFiles,
  uploadOne,
}));

const nobody = { alle: false, gruppen: [], nutzer: [] };

function file(id: number, titel: string, loeschen: boolean): CloudFile {
  return {
    id,
    titel,
    endung: 'pdf',
    ident_login_upload: 'Jonas Weiß',
    date_lastMod_de: '21.11.2026 18:04',
    pfad: `f100-130/1/${id}.pdf`,
    loeschen,
  };
}

function slot(rechte: CloudSlot['rechte']): CloudSlot {
  return {
    id: 1,
    sort: '2026',
    name: 'Elternbriefe',
    bedingungen: { f130: { sehen: nobody, upload: nobody, bearbeiten: nobody } },
    dateien: { Ausflug: [file(2, 'Eigene', true), file(1, 'Fremde', false)], Elternabend: [file(3, 'Plan', false)] },
    qr_code: 'https://hort.example/130?s=1',
    rechte,
  };
}

function renderDialog(value: CloudSlot) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  const onClose = vi.fn();
  render(<SlotFilesDialog open slot={value} isLoading={false} onClose={onClose} onChanged={async () => {}} />, {
    wrapper,
  });
  return { onClose };
}

afterEach(cleanup);

describe('SlotFilesDialog', () => {
  it('groups files by topic; an uploader may delete only own files and no topic', () => {
    renderDialog(slot({ sehen: true, upload: true, bearbeiten: false }));
    const ausflug = screen.getByRole('region', { name: 'Thema Ausflug' });
    expect(within(ausflug).getByText('Eigene.pdf')).toBeTruthy();
    expect(within(ausflug).getByText('Fremde.pdf')).toBeTruthy();
    expect(within(ausflug).getAllByText('Jonas Weiß · 21.11.2026 18:04')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Eigene löschen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fremde löschen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Thema Ausflug löschen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Hochladen' })).toBeTruthy();
  });

  it('shows a viewer no upload and no delete; a slot admin may delete topics', () => {
    const forViewer = slot({ sehen: true, upload: false, bearbeiten: false });
    forViewer.dateien = { Ausflug: [file(1, 'Fremde', false)] };
    renderDialog(forViewer);
    expect(screen.queryByRole('button', { name: 'Hochladen' })).toBeNull();
    expect(screen.queryByRole('button', { name: /löschen/ })).toBeNull();
    cleanup();
    renderDialog(slot({ sehen: true, upload: true, bearbeiten: true }));
    expect(screen.getByRole('button', { name: 'Thema Elternabend löschen' })).toBeTruthy();
  });

  it('asks for a topic before uploading', async () => {
    renderDialog(slot({ sehen: true, upload: true, bearbeiten: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Hochladen' }));
    const dialog = screen.getByRole('dialog', { name: 'Dateien hochladen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    expect(await screen.findByText(cloudMessages.fileMissing)).toBeTruthy();
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' })] } });
    expect(within(dialog).getByText('plan.pdf')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    expect(await screen.findByText(cloudMessages.topicMissing)).toBeTruthy();
  });

  it('refuses a text file at once, before anything is sent (the rule of the upload call)', async () => {
    renderDialog(slot({ sehen: true, upload: true, bearbeiten: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Hochladen' }));
    const dialog = screen.getByRole('dialog', { name: 'Dateien hochladen' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toContain('application/pdf');
    fireEvent.change(input, { target: { files: [new File(['hallo'], 'notiz.txt', { type: 'text/plain' })] } });
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Nur PDF-Dateien und Bilder (PNG, JPEG, GIF, WebP) sind erlaubt.',
    );
    expect(within(dialog).queryByText('notiz.txt')).toBeNull();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Thema' }), { target: { value: 'Ausflug' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    expect(await screen.findByText(cloudMessages.fileMissing)).toBeTruthy();
    expect(uploadOne).not.toHaveBeenCalled();
  });

  it('closes through the close button', () => {
    const { onClose } = renderDialog(slot({ sehen: true, upload: false, bearbeiten: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('reports a deleted file', async () => {
    deleteCloudFiles.mockResolvedValue(undefined);
    renderDialog(slot({ sehen: true, upload: true, bearbeiten: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Eigene löschen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText(cloudMessages.fileDeleted)).toBeTruthy();
    expect(deleteCloudFiles).toHaveBeenCalledWith(1, { delDatei: 2 });
  });
});
