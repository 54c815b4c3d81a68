import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardCalls, type GetDashboardReply } from '@hortus/contract/modules/dashboard';
import {
  messagesCalls,
  NEW_MESSAGES_MAX,
  newMessagesWidgetData,
  type MessagesSave,
  type NewMessagesWidgetData,
} from '@hortus/contract/modules/messages';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Staff who see the dashboard and read messages (staff reach each other without any class). */
const staffRights = ['x|000|000', 'x|120|000'];

function save(code: string, dataToSave: MessagesSave): Promise<Reply> {
  return server.call(messagesCalls.getOrSaveSettings, code, { dataToSave });
}
async function send(code: string, to: number[], text: string, betreff = ''): Promise<number> {
  const reply = await save(code, {
    type: 'sendNachricht',
    data: { id_konversation: 0, empfaenger: { nutzer: to, gruppen: [], klassen: [] }, betreff, text },
  });
  expectStatus(reply, 'success', 200);
  return reply.body.id_konversation as number;
}
async function dashboard(code: string): Promise<GetDashboardReply['save']> {
  const reply = await server.call(dashboardCalls.getSettings, code, {});
  expectStatus(reply, 'success', 200);
  return reply.body.save as GetDashboardReply['save'];
}
/** The widget's entry for the user, or null when the dashboard does not show it. */
async function widget(code: string): Promise<NewMessagesWidgetData | null> {
  const entry = (await dashboard(code)).widgets.find((item) => item.id === 'w3');
  return entry ? newMessagesWidgetData.parse(entry) : null;
}

describe("dashboard widget w3 'Neue Nachrichten'", () => {
  it('lists only the caller’s conversations with unread messages, with title, last message and count', async () => {
    const anna = await server.userWithSession({ ident: 'Anna Widget', rechteSolo: staffRights });
    const bernd = await server.userWithSession({ ident: 'Bernd Widget', rechteSolo: staffRights });
    const carla = await server.userWithSession({ ident: 'Carla Widget', rechteSolo: staffRights });
    expect(await widget(anna.code)).toEqual({ konversationen: [], ungelesen: 0 });

    const fromBernd = await send(bernd.code, [anna.id], 'Bitte den Dienstplan prüfen.', 'Dienstplan');
    await save(bernd.code, {
      type: 'sendNachricht',
      data: { id_konversation: fromBernd, text: 'Und die Vertretung am Freitag.' },
    });
    // Anna's own message is no news for her; Bernd and Carla's conversation is not hers at all.
    const ownSent = await send(anna.code, [carla.id], 'Ich bin morgen später da.');
    const notHers = await send(bernd.code, [carla.id], 'Nur für Carla.');

    const shown = await widget(anna.code);
    expect(shown?.ungelesen).toBe(2);
    expect(shown?.konversationen).toEqual([
      {
        id: fromBernd,
        titel: expect.any(String) as string,
        letzteNachricht: {
          von: 'Bernd Widget',
          text: 'Und die Vertretung am Freitag.',
          zeit: expect.any(String) as string,
        },
        ungelesen: 2,
      },
    ]);
    expect(Number.isNaN(Date.parse(shown?.konversationen[0]?.letzteNachricht?.zeit ?? ''))).toBe(false);
    const ids = (shown?.konversationen ?? []).map((item) => item.id);
    expect(ids).not.toContain(ownSent);
    expect(ids).not.toContain(notHers);
    // Carla sees Bernd's conversation and Anna's, never Bernd and Anna's.
    const carlas = (await widget(carla.code))?.konversationen.map((item) => item.id);
    expect(carlas?.sort()).toEqual([ownSent, notHers].sort());
  });

  it('drops a conversation once its messages are read', async () => {
    const reader = await server.userWithSession({ rechteSolo: staffRights });
    const writer = await server.userWithSession({ rechteSolo: staffRights });
    const id = await send(writer.code, [reader.id], 'Gelesen?');
    expect((await widget(reader.code))?.konversationen.map((item) => item.id)).toEqual([id]);
    const opened = await save(reader.code, { type: 'getKonversation', data: { id } });
    const message = (opened.body.nachrichten as { id: number }[])[0];
    expectStatus(await save(reader.code, { type: 'gelesen', data: { id_nachricht: message?.id ?? 0 } }), 'success');
    expect(await widget(reader.code)).toEqual({ konversationen: [], ungelesen: 0 });
  });

  it('lists at most NEW_MESSAGES_MAX conversations, newest first, while counting every unread message', async () => {
    const reader = await server.userWithSession({ rechteSolo: staffRights });
    const writer = await server.userWithSession({ rechteSolo: staffRights });
    const sent: number[] = [];
    for (let index = 0; index <= NEW_MESSAGES_MAX; index += 1)
      sent.push(await send(writer.code, [reader.id], `Nr. ${index}`));
    const shown = await widget(reader.code);
    expect(shown?.ungelesen).toBe(NEW_MESSAGES_MAX + 1);
    expect(shown?.konversationen.map((item) => item.id)).toEqual(sent.slice(1).reverse());
  });

  it('is not offered without the right to read messages; an unchanged dashboard answers the same bytes', async () => {
    const viewer = await server.userWithSession({ rechteSolo: ['x|000|000'] });
    const save1 = await dashboard(viewer.code);
    expect(save1.settings.allWidgets.map((item) => item.id)).toContain('w3');
    expect(save1.widgets.map((item) => item.id)).not.toContain('w3');
    const reader = await server.userWithSession({ rechteSolo: staffRights });
    expect((await dashboard(reader.code)).widgets.map((item) => item.id)).toContain('w3');
    const first = await server.call(dashboardCalls.getSettings, reader.code, {});
    const second = await server.call(dashboardCalls.getSettings, reader.code, {});
    expect(first.raw.replace(/"xtime":\d+/, '')).toBe(second.raw.replace(/"xtime":\d+/, ''));
  });
});
