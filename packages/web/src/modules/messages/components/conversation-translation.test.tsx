import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PreferredLanguage } from '@hortus/contract';
import type { MessagesReply, MessageView } from '@hortus/contract/modules/messages';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { ConversationPanel } from './conversation-panel';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

const message = (id: number, text: string, eigene: boolean): MessageView => ({
  id,
  von: { id: eigene ? 1 : 2, name: eigene ? 'Ich' : 'Frau Albers' },
  betreff: '',
  text,
  zeit: '2026-03-02T07:05:00.000Z',
  anhaenge: [],
  gelesenVon: [],
  bestaetigtVon: [],
  bestaetigungErforderlich: false,
  frist: '',
  eigene,
  empfaenger: [],
});

/** The server: a conversation of a reader who prefers `language`; the translation service answers `translate`. */
function serve(language: PreferredLanguage, translate: (text: string) => { text: string; sprache: string }) {
  const nachrichten = [message(11, 'Ich komme später.', true), message(12, 'Bitte den Dienstplan prüfen.', false)];
  call.mockImplementation(
    (_spec: unknown, input: undefined | { dataToSave?: { type: string; data: { id_nachricht?: number } } }) => {
      const action = input?.dataToSave;
      if (action?.type === 'getKonversation') {
        return Promise.resolve({
          status: 'success',
          konversation: {
            id: 5,
            titel: 'Dienstplan',
            teilnehmer: [{ id: 2, name: 'Frau Albers' }],
            rundschreiben: false,
            anzahlTeilnehmer: 2,
            letzteNachricht: null,
            ungelesen: 0,
            bestaetigungOffen: 0,
            id_absender: 0,
          },
          nachrichten,
          bevorzugteSprache: language,
        } satisfies MessagesReply);
      }
      if (action?.type === 'uebersetzung') {
        const original = nachrichten.find((entry) => entry.id === action.data.id_nachricht)?.text ?? '';
        return Promise.resolve({ status: 'success', ...translate(original) });
      }
      return Promise.resolve({ status: 'success' });
    },
  );
}

const translations = () =>
  call.mock.calls.filter(
    (args) => (args[1] as { dataToSave?: { type: string } } | undefined)?.dataToSave?.type === 'uebersetzung',
  );

beforeEach(() => call.mockReset());
afterEach(cleanup);

describe('a conversation in the reader’s preferred language', () => {
  it('shows others’ messages translated, with the original one tap away; the own ones as written', async () => {
    serve('en', () => ({ text: 'Please check the duty roster.', sprache: 'en' }));
    renderWithProviders(<ConversationPanel id={5} onBack={() => {}} />);
    expect(await screen.findByText('Please check the duty roster.')).toBeTruthy();
    expect(screen.getByText('Automatisch übersetzt (Englisch)')).toBeTruthy();
    expect(screen.getByText('Ich komme später.')).toBeTruthy();
    // Only the other's message is sent to the translation, once.
    expect(translations().map((args) => (args[1] as { dataToSave: { data: unknown } }).dataToSave.data)).toEqual([
      { id_nachricht: 12, sprache: 'en' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Original anzeigen' }));
    expect(screen.getByText('Bitte den Dienstplan prüfen.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Übersetzung anzeigen' }));
    expect(screen.getByText('Please check the duty roster.')).toBeTruthy();
  });

  it('shows the original when no translation service answers, and nothing fails', async () => {
    serve('tr', (text) => ({ text, sprache: '' }));
    renderWithProviders(<ConversationPanel id={5} onBack={() => {}} />);
    expect(await screen.findByText('Bitte den Dienstplan prüfen.')).toBeTruthy();
    await waitFor(() => expect(translations()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Original anzeigen' })).toBeNull();
    expect(screen.queryByText(/Automatisch übersetzt/)).toBeNull();
  });

  it('translates nothing for a reader who keeps German', async () => {
    serve(null, () => ({ text: 'never', sprache: 'en' }));
    renderWithProviders(<ConversationPanel id={5} onBack={() => {}} />);
    expect(await screen.findByText('Bitte den Dienstplan prüfen.')).toBeTruthy();
    expect(translations()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Übersetzen' })).toBeNull();
  });
});
