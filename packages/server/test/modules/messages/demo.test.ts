import { afterAll, beforeAll, expect, it } from 'vitest';
import { messagesCalls, type MessagesData } from '@hortus/contract/modules/messages';
import { expectStatus, startTestServer, type TestServer } from '../../support/helper';

let server: TestServer;
// The demo seed of every module takes a while on a busy machine.
beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
}, 180_000);
afterAll(() => server.close());

async function inbox(nn: string, password: string): Promise<MessagesData> {
  const reply = await server.call(messagesCalls.getOrSaveSettings, await server.login(nn, password));
  expectStatus(reply, 'success', 200);
  return reply.body.save as MessagesData;
}

it('the demo has conversations and a broadcast with confirmations outstanding', async () => {
  const parent = await inbox('eltern', 'Eltern#2026');
  expect(parent.konversationen.map((item) => item.titel)).toEqual(['Ausflug in den Zoo am Freitag', 'Sportbeutel']);
  expect(parent.konversationen[0]).toMatchObject({ rundschreiben: true, bestaetigungOffen: 1, ungelesen: 1 });
  expect(parent.kontakte.nutzer.map((person) => person.rolle)).not.toContain('Eltern');

  const staff = await inbox('erzieher', 'Erzieher#2026');
  expect(staff.konversationen.map((item) => item.titel)).toEqual(['Spätdienst Donnerstag', 'Sportbeutel']);
  expect(staff.ungelesen).toBe(1);

  const office = await inbox('leitung', 'Leitung#2026');
  const broadcast = office.konversationen.find((item) => item.rundschreiben);
  expect(broadcast?.anzahlTeilnehmer).toBeGreaterThan(2);
  expect(office.settings.id_nutzergruppe_buero).toBeGreaterThan(0);
});
