import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallSpec } from '@hortus/contract';
import { attendanceCalls } from '@hortus/contract/modules/attendance';
import { calendarCalls } from '@hortus/contract/modules/calendar';
import { cloudCalls } from '@hortus/contract/modules/cloud';
import { customerCalls } from '@hortus/contract/modules/customers';
import { expectStatus, startTestServer, type TestServer } from '../support/helper';

/**
 * The settings right of a module reads settings, not data (docs/architecture.md "Record access"): on
 * the demo organisation, where every list below has records, a user holding only `…|set` of the module
 * gets the settings and empty data parts; one with the module's data right gets the records.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
}, 300_000);
afterAll(() => server.close());

type Body = Record<string, unknown> & { save: Record<string, unknown> };

async function load(spec: CallSpec, rights: string[]): Promise<Body> {
  const user = await server.userWithSession({ rechteSolo: rights });
  const reply = await server.call(spec, user.code, {});
  expectStatus(reply, 'success', 200);
  return reply.body as Body;
}

describe('a …|set right alone reads no data', () => {
  it('410: no customer, order, cost or customer login; data actions refused', async () => {
    const full = (await load(customerCalls.getSettings, ['x|410|000', 'x|410|set'])).save;
    for (const part of ['kunden', 'auftraege', 'kosten']) expect((full[part] as unknown[]).length).toBeGreaterThan(0);
    const narrow = (await load(customerCalls.getSettings, ['x|410|set'])).save;
    for (const part of ['kunden', 'auftraege', 'kosten', 'kundenLogins']) expect(narrow[part]).toEqual([]);
    expect(narrow.settings).toEqual(full.settings);
    const user = await server.userWithSession({ rechteSolo: ['x|410|set'] });
    const refused = await server.call(customerCalls.getSettings, user.code, {
      dataToSave: { type: 'delKunde', data: { id: 1 } },
    });
    expectStatus(refused, 'noRight', 403);
  });

  it('110: no event, category or birthday', async () => {
    const full = await load(calendarCalls.getOrSaveSettings, ['x|110']);
    const fullState = full.kalender as { events: unknown[]; kategorien: unknown[] };
    expect(fullState.kategorien.length).toBeGreaterThan(0);
    const narrow = await load(calendarCalls.getOrSaveSettings, ['x|110|set']);
    const state = narrow.kalender as { events: unknown[]; kategorien: unknown[] };
    expect(state.events).toEqual([]);
    expect(state.kategorien).toEqual([]);
    expect((narrow.settings as { geburtstage: unknown[] }).geburtstage).toEqual([]);
  });

  it('150 and 130: no slot', async () => {
    const fullAttendance = (await load(attendanceCalls.getOrSaveSettings, ['x|150|000|adm'])).save;
    expect((fullAttendance.slots as unknown[]).length).toBeGreaterThan(0);
    expect((await load(attendanceCalls.getOrSaveSettings, ['x|150|set'])).save.slots).toEqual([]);
    const fullCloud = (await load(cloudCalls.getOrSaveSettings, ['x|130|000|adm'])).save;
    expect((fullCloud.slots as unknown[]).length).toBeGreaterThan(0);
    expect((await load(cloudCalls.getOrSaveSettings, ['x|130|set'])).save.slots).toEqual([]);
  });
});
