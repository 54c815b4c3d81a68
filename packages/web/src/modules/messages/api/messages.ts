import { useCallback, useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messagesCalls,
  messagesMessages,
  type ConversationView,
  type MessagesData,
  type MessagesReply,
  type MessagesSave,
  type MessageView,
  type TranslationLanguage,
  type UploadedAttachment,
} from '@hortus/contract/modules/messages';
import type { PreferredLanguage } from '@hortus/contract';
import { call } from '../../../platform/api/client';
import { upload } from '../../../platform/api/upload';
import { ApiError, NetworkError } from '../../../platform/api/errors';
import { useAlert } from '../../../platform/alert/alert-context';
import { callWithVersion } from '../../../platform/query/versioned';
import { flushOutbox, readOutbox, writeOutbox, type QueuedMessage } from '../logic/outbox';

/** The device cache key of module 120's inbox (cached like every module's load: readable offline). */
export const inboxKey = ['f120'] as const;
export const conversationKey = (id: number) => ['f120', 'konversation', id] as const;

/** How often an open app asks for news: a new message shows within 5 s without a reload (issue 43). */
export const POLL_MS = 4_000;

export async function getInbox(held?: MessagesData): Promise<MessagesData> {
  const reply = await callWithVersion(messagesCalls.getOrSaveSettings, {}, held);
  if (!reply.save) throw new Error('no inbox');
  return reply.save;
}

/**
 * The inbox, asked again every few seconds while open (an unchanged answer is a few bytes: xtime deltas); the menu
 * badge asks less often (`every`) through the same query.
 */
export function useInbox(every = POLL_MS) {
  return useQuery({
    queryKey: inboxKey,
    queryFn: ({ client }) => getInbox(client.getQueryData<MessagesData>(inboxKey)),
    refetchInterval: every,
  });
}

export interface ConversationData {
  konversation: ConversationView;
  nachrichten: MessageView[];
  /** The reader's preferred language (profile), null: German. */
  bevorzugteSprache: PreferredLanguage;
}

export async function getConversation(id: number): Promise<ConversationData> {
  const reply = await call(messagesCalls.getOrSaveSettings, { dataToSave: { type: 'getKonversation', data: { id } } });
  if (!reply.konversation || !reply.nachrichten) throw new Error('no conversation');
  return {
    konversation: reply.konversation,
    nachrichten: reply.nachrichten,
    bevorzugteSprache: reply.bevorzugteSprache ?? null,
  };
}

/**
 * A message in the reader's language (uebersetzung, kept by the server per text and language): `sprache` '' when
 * there is none (no service). Asked once per message and language; not under the inbox's key, which every action
 * invalidates.
 */
export function useTranslation(id: number, sprache: TranslationLanguage | null, enabled: boolean) {
  return useQuery({
    queryKey: ['f120-uebersetzung', id, sprache] as const,
    queryFn: async () => {
      const reply = await saveMessages({ type: 'uebersetzung', data: { id_nachricht: id, sprache: sprache ?? 'de' } });
      return { text: reply.text ?? '', sprache: reply.sprache ?? '' };
    },
    enabled: enabled && sprache !== null && sprache !== 'de',
    staleTime: Infinity,
    retry: false,
  });
}

export function useConversation(id: number) {
  return useQuery({
    queryKey: conversationKey(id),
    queryFn: () => getConversation(id),
    refetchInterval: POLL_MS,
  });
}

export function saveMessages(dataToSave: MessagesSave): Promise<MessagesReply> {
  return call(messagesCalls.getOrSaveSettings, { dataToSave });
}

/** uploadAnhaenge: the chosen files (at most ATTACHMENTS_MAX) → their ids for sendNachricht's `anhaenge`. */
export async function uploadAttachments(files: readonly File[]): Promise<UploadedAttachment[]> {
  const [file1, file2, file3, file4, file5] = files;
  return (await upload(messagesCalls.uploadAnhaenge, {}, { file1, file2, file3, file4, file5 })).anhaenge;
}

/** An action; afterwards the inbox and the open conversation load again. */
export function useMessagesAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessages,
    onSuccess: async (reply) => {
      if (reply.save) queryClient.setQueryData(inboxKey, reply.save);
      await queryClient.invalidateQueries({ queryKey: inboxKey });
    },
  });
}

/** Sends the messages written offline when the connection returns (and when the module opens). */
export function useOutboxSender() {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const flush = useCallback(async () => {
    const queue = readOutbox();
    if (queue.length === 0) return;
    const rest = await flushOutbox(
      queue,
      async (entry: QueuedMessage) => {
        try {
          await saveMessages({ type: 'sendNachricht', data: entry.send });
          return 'sent';
        } catch (error) {
          if (error instanceof ApiError) return 'refused';
          if (error instanceof NetworkError) return 'offline';
          return 'offline';
        }
      },
      (entry) => alert.error(`${messagesMessages.sendFailed} (${entry.titel})`),
    );
    writeOutbox(rest);
    if (rest.length !== queue.length) await queryClient.invalidateQueries({ queryKey: inboxKey });
  }, [alert, queryClient]);
  useEffect(() => {
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => void flush(), POLL_MS * 4);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [flush]);
  return flush;
}
