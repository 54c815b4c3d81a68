import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fileRules } from '@hortus/contract';
import { messagesCalls, type MessagesReply, type MessageView } from '@hortus/contract/modules/messages';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { ConversationPanel } from './conversation-panel';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));
const downloadStoredFile = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../../platform/api/download', () => ({ downloadStoredFile }));

const message: MessageView = {
  id: 12,
  von: { id: 2, name: 'Frau Albers' },
  betreff: '',
  text: 'Der Elternbrief.',
  zeit: '2026-03-02T07:05:00.000Z',
  anhaenge: [{ id: 40, name: 'Elternbrief.pdf', pfad: 'f120/2/abc.pdf', groesse: 12 * 1024 }],
  gelesenVon: [],
  bestaetigtVon: [],
  bestaetigungErforderlich: false,
  frist: '',
  eigene: false,
  empfaenger: [],
};

type Input = FormData | { dataToSave?: { type: string; data: unknown } } | undefined;

function serve() {
  call.mockImplementation((spec: unknown, input: Input) => {
    if (spec === messagesCalls.uploadAnhaenge) {
      const names = [...(input as FormData).values()].filter((value) => value instanceof File).map((f) => f.name);
      return Promise.resolve({
        status: 'success',
        anhaenge: names.map((name, index) => ({ id: 50 + index, name, groesse: 2 * 1024 * 1024 })),
      });
    }
    const action = (input as { dataToSave?: { type: string } } | undefined)?.dataToSave;
    if (action?.type === 'getKonversation') {
      return Promise.resolve({
        status: 'success',
        konversation: {
          id: 5,
          titel: 'Brief',
          teilnehmer: [{ id: 2, name: 'Frau Albers' }],
          rundschreiben: false,
          anzahlTeilnehmer: 2,
          letzteNachricht: null,
          ungelesen: 0,
          bestaetigungOffen: 0,
          id_absender: 0,
        },
        nachrichten: [message],
        bevorzugteSprache: null,
      } satisfies MessagesReply);
    }
    return Promise.resolve({ status: 'success', id_konversation: 5, id_nachricht: 13 });
  });
}

const sends = () =>
  call.mock.calls
    .map((args) => (args[1] as { dataToSave?: { type: string; data: unknown } } | undefined)?.dataToSave)
    .filter((action) => action?.type === 'sendNachricht')
    .map((action) => action?.data);

function choose(...files: File[]) {
  fireEvent.change(screen.getByTestId('file-picker-input'), { target: { files } });
}

beforeEach(() => {
  call.mockReset();
  downloadStoredFile.mockClear();
});
afterEach(cleanup);

describe('attachments in a conversation', () => {
  it('shows a message’s attachments with name and size and downloads one on a tap', async () => {
    serve();
    renderWithProviders(<ConversationPanel id={5} onBack={() => {}} />);
    const chip = await screen.findByRole('button', { name: 'Elternbrief.pdf herunterladen' });
    expect(chip.textContent).toBe('Elternbrief.pdf (12 KB)');
    fireEvent.click(chip);
    expect(downloadStoredFile).toHaveBeenCalledWith('f120/2/abc.pdf', 'Elternbrief.pdf');
  });

  it('uploads chosen files at once, shows them as removable chips and sends their ids with the answer', async () => {
    serve();
    renderWithProviders(<ConversationPanel id={5} onBack={() => {}} />);
    await screen.findByText('Der Elternbrief.');
    choose(
      new File(['%PDF-1.4'], 'Attest.pdf', { type: 'application/pdf' }),
      new File(['x'], 'Foto.jpg', { type: 'image/jpeg' }),
    );
    const chosen = await screen.findByTestId('messages-attachments-chosen');
    expect(within(chosen).getByText('Attest.pdf (2 MB)')).toBeTruthy();
    // Removing a chip leaves its file out of the message.
    const foto = within(chosen).getByText('Foto.jpg (2 MB)').closest('.MuiChip-root') as HTMLElement;
    fireEvent.click(within(foto).getByTestId('CancelIcon'));
    expect(screen.queryByText('Foto.jpg (2 MB)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Antwort'), { target: { value: 'Anbei das Attest.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]).toMatchObject({ id_konversation: 5, text: 'Anbei das Attest.', anhaenge: [50] });
    await waitFor(() => expect(screen.queryByTestId('messages-attachments-chosen')).toBeNull());
  });

  it('refuses another file type before anything is sent, with the German message', async () => {
    serve();
    renderWithProviders(<ConversationPanel id={5} onBack={() => {}} />);
    await screen.findByText('Der Elternbrief.');
    choose(new File(['GIF89a'], 'lustig.gif', { type: 'image/gif' }));
    expect((await screen.findByRole('alert')).textContent).toBe(fileRules.pdfOrPhoto.message);
    expect(call.mock.calls.some((args) => args[0] === messagesCalls.uploadAnhaenge)).toBe(false);
  });
});
