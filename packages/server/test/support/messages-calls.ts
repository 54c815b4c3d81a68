import {
  messagesCalls,
  type ConversationView,
  type MessagesData,
  type MessagesSave,
  type MessageView,
} from '@hortus/contract/modules/messages';
import { expectStatus, type Reply, type TestServer } from './helper';

/**
 * Module 120's one call as its tests use it (the server as it is once started): any action (`save`), the
 * inbox (`load`), a conversation (`open`) and a sent message (`send`), the last three checked for success.
 */
export function messagesClient(server: () => TestServer) {
  const save = (code: string, dataToSave: MessagesSave | Record<string, unknown>): Promise<Reply> =>
    server().call(messagesCalls.getOrSaveSettings, code, { dataToSave });
  return {
    save,
    async load(code: string): Promise<MessagesData> {
      const reply = await server().call(messagesCalls.getOrSaveSettings, code);
      expectStatus(reply, 'success', 200);
      return reply.body.save as MessagesData;
    },
    async open(code: string, id: number): Promise<{ konversation: ConversationView; nachrichten: MessageView[] }> {
      const reply = await save(code, { type: 'getKonversation', data: { id } });
      expectStatus(reply, 'success', 200);
      return reply.body as unknown as { konversation: ConversationView; nachrichten: MessageView[] };
    },
    async send(
      code: string,
      data: Record<string, unknown>,
    ): Promise<{ id_konversation: number; id_nachricht: number }> {
      const reply = await save(code, { type: 'sendNachricht', data });
      expectStatus(reply, 'success', 200);
      return reply.body as unknown as { id_konversation: number; id_nachricht: number };
    },
  };
}
