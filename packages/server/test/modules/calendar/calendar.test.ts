import fc from 'fast-check';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECORD_ID, isoDayOf, fromLocal } from '@hortus/contract';
import {
  CALENDAR_ICAL_PREFIX,
  buildICalendar,
  calendarCalls,
  calendarMessages,
  expandEvents,
  formatAusnahme,
  weekdayKeys,
  parseAusnahme,
  type CalendarDataToSave,
  type CalendarEvent,
  type CalendarReply,
  type CategoryInput,
  type EventInput,
  type RepeatWire,
} from '@hortus/contract/modules/calendar';
import { createGroup, createParameter, createUser } from '../../../src/seed/factories';
import { seedCalendarDemo } from '../../../src/modules/calendar/demo-seed';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';

let server: TestServer;
const api = calendarCalls.getOrSaveSettings.url;

let staffGroup: number;
let parentGroup: number;
let otherGroup: number;
let admin: { id: number; code: string };
let staff: { id: number; code: string };
let parent: { id: number; code: string };
let outsider: { id: number; code: string };
let birthdayParameter: number;
let textParameter: number;
const cat = { allgemein: 0, team: 0, eltern: 0 };

const rule = (alle: boolean, gruppen: number[] = []) => ({ alle, gruppen, nutzer: [] });
const local = (day: string, hour: number, minute = 0) => {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  return fromLocal({ year, month, day: d, hour, minute });
};
const noDays = {
  montags: false,
  dienstags: false,
  mittwochs: false,
  donnerstags: false,
  freitags: false,
  samstags: false,
  sonntags: false,
};

function send(code: string, dataToSave?: CalendarDataToSave | string): Promise<Reply> {
  const fields: Record<string, string> = { code };
  if (dataToSave !== undefined) {
    fields.dataToSave = typeof dataToSave === 'string' ? dataToSave : JSON.stringify(dataToSave);
  }
  return server.post(api, fields);
}

async function ok(code: string, dataToSave?: CalendarDataToSave): Promise<CalendarReply> {
  const reply = await send(code, dataToSave);
  expect(reply.body.status, reply.raw).toBe('success');
  return reply.body as unknown as CalendarReply;
}

function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  return {
    id: 0,
    name: 'Termin',
    beschreibung: '',
    start: local('2026-03-02', 16),
    end: local('2026-03-02', 17),
    id_kalenderkategorie: cat.allgemein,
    timed: true,
    istSerie: false,
    repeat: null,
    ausSerie: 0,
    ...overrides,
  };
}

function weekly(overrides: Partial<RepeatWire> = {}): RepeatWire {
  return {
    von: '2026-03-02',
    bis: '2026-04-30',
    mustertyp: 'Wochen',
    musterintervall: 1,
    jaehrlichTag: 2,
    jaehrlichMonat: 3,
    monatlichTag: 2,
    woechentlichWochentage: { ...noDays, montags: true, mittwochs: true },
    ausnahmen: [],
    ...overrides,
  };
}

function categories(): CategoryInput[] {
  return [
    {
      id: cat.allgemein,
      name: 'Allgemein',
      farbe: '#1E88E5',
      bedingungen: { f110: { sehen: rule(true), bearbeiten: rule(false, [staffGroup]) } },
    },
    {
      id: cat.team,
      name: 'Team',
      farbe: '#8E24AA',
      bedingungen: { f110: { sehen: rule(false, [staffGroup]), bearbeiten: rule(false, [staffGroup]) } },
    },
    {
      id: cat.eltern,
      name: 'Elternabende',
      farbe: '#FB8C00',
      bedingungen: { f110: { sehen: rule(false, [parentGroup]), bearbeiten: rule(false, [staffGroup]) } },
    },
  ];
}

function settingsData(overrides: Record<string, unknown> = {}) {
  return {
    standard_id_kategorie: cat.allgemein,
    id_kalenderkategorie_geburtstag: 0,
    id_nutzerparameter_geburtstag: birthdayParameter,
    bedingungen_geburtstage_sehen: { gruppen: { [`gruppe${staffGroup}`]: { alle: true, gruppen: [] } } },
    kategorien: categories(),
    ...overrides,
  };
}

function expectInvalid(reply: Reply, errors: Record<string, string[]>): void {
  expectStatus(reply, 'validationError', 400);
  expect(reply.body.errors).toEqual(errors);
}

function expectDenied(reply: Reply): void {
  expectStatus(reply, 'noRight', 403);
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  staffGroup = await createGroup(db, { name: 'Personal', rechte: ['x|110'] });
  parentGroup = await createGroup(db, { name: 'Eltern', rechte: ['x|110'] });
  otherGroup = await createGroup(db, { name: 'Sonstige', rechte: ['x|110'] });
  birthdayParameter = (await createParameter(db, { name: 'Geburtstag', typ: 7 })).id;
  textParameter = (await createParameter(db, { name: 'Notiz', typ: 1 })).id;
  admin = await server.userWithSession({ rechteSolo: ['x|110', 'x|110|set'] });
  staff = await server.userWithSession({
    ident: 'Sabine Krüger',
    groupIds: [staffGroup],
    values: { [birthdayParameter]: '1978-03-12' },
  });
  parent = await server.userWithSession({
    ident: 'Aylin Öztürk',
    groupIds: [parentGroup],
    values: { [birthdayParameter]: '2030-03-20' },
  });
  outsider = await server.userWithSession({ groupIds: [otherGroup] });

  // Start-up created the one default category; settings then define the three of the tests.
  const first = await ok(admin.code);
  expect(first.kalender.kategorien.map((category) => category.name)).toEqual(['Allgemein']);
  cat.allgemein = first.kalender.kategorien[0]!.id;
  cat.team = -1;
  cat.eltern = -2;
  const saved = await ok(admin.code, { type: 'saveSettings', data: settingsData() });
  const byName = new Map((saved.settings.alleKategorien ?? []).map((category) => [category.name, category.id]));
  cat.team = byName.get('Team') ?? 0;
  cat.eltern = byName.get('Elternabende') ?? 0;
});
afterAll(() => server.close());

describe('getOrSaveSettings: access', () => {
  it('needs a session and the right x|110', async () => {
    const noSession = await send('');
    expect(noSession.statusCode).toBe(401);
    expect(noSession.body.status).toBe('accessError');
    const user = await server.userWithSession({ rechteSolo: ['x|100'] });
    expectDenied(await send(user.code));
  });

  it('answers a load with xtime, settings, kalender and the feed state (also with type load)', async () => {
    const before = Date.now();
    const reply = await ok(staff.code, { type: 'load' });
    expect(reply.xtime).toBeGreaterThanOrEqual(before);
    expect(reply.settings.standard_id_kategorie).toBe(cat.allgemein);
    expect(reply.kalender.stats.allowEditKategorien.sort()).toEqual([cat.allgemein, cat.team, cat.eltern].sort());
    expect(reply.feed).toEqual({ aktiv: false });
    // Only holders of x|110|set get the full category list.
    expect(reply.settings.alleKategorien).toBeUndefined();
    expect((await ok(admin.code)).settings.alleKategorien?.map((category) => category.name)).toEqual([
      'Allgemein',
      'Team',
      'Elternabende',
    ]);
    expect((await ok(admin.code)).kalender.kategorien.map((category) => category.name)).toEqual(['Allgemein']);
  });

  it('an empty or missing dataToSave loads (the specification client sends dataToSave=)', async () => {
    const empty = await send(staff.code, '');
    expectStatus(empty, 'success', 200);
    const missing = await server.call(calendarCalls.getOrSaveSettings, staff.code, {});
    expectStatus(missing, 'success', 200);
    expect(empty.body.kalender).toEqual(missing.body.kalender);
  });

  it('loading writes nothing: the default category exists from start-up on', async () => {
    const before = await ok(admin.code);
    const again = await ok(admin.code);
    expect(again.settings.alleKategorien).toEqual(before.settings.alleKategorien);
  });

  it('ids beyond the database range are bad input, never a server error', async () => {
    expectInvalid(await send(staff.code, { type: 'delTermin', data: { id: 2 ** 40 } }), {
      'dataToSave.data.id': ['Ungültige Nummer.'],
    });
    expectInvalid(
      await send(staff.code, {
        type: 'saveTermin',
        data: eventInput({ id: MAX_RECORD_ID + 1, id_kalenderkategorie: 2 ** 40, ausSerie: 2 ** 40 }),
      }),
      {
        'dataToSave.data.id': ['Ungültige Nummer.'],
        'dataToSave.data.id_kalenderkategorie': ['Ungültige Nummer.'],
        'dataToSave.data.ausSerie': ['Ungültige Nummer.'],
      },
    );
  });

  it('a new event may come with an empty id (the specification client)', async () => {
    const reply = await ok(staff.code, {
      type: 'saveTermin',
      data: { ...eventInput({ name: 'Ohne Nummer' }), id: '' },
    });
    const created = reply.kalender.events.find((event) => event.id === reply.saveTerminNeuId);
    expect(created?.name).toBe('Ohne Nummer');
    await ok(staff.code, { type: 'delTermin', data: { id: reply.saveTerminNeuId as number } });
  });

  it('rejects unknown types and broken JSON with German messages', async () => {
    const broken = await send(staff.code, '{kaputt');
    expectInvalid(broken, { dataToSave: ['Ungültiges JSON.'] });
    const unknown = await send(staff.code, JSON.stringify({ type: 'gibtsnicht' }));
    expect(unknown.body.status).toBe('validationError');
  });
});

describe('visibility and edit rights per category', () => {
  let teamEvent: number;
  let parentsEvent: number;
  let generalEvent: number;

  beforeAll(async () => {
    teamEvent = (
      await ok(staff.code, {
        type: 'saveTermin',
        data: eventInput({ name: 'Teamsitzung', id_kalenderkategorie: cat.team }),
      })
    ).saveTerminNeuId as number;
    parentsEvent = (
      await ok(staff.code, {
        type: 'saveTermin',
        data: eventInput({ name: 'Elternabend', id_kalenderkategorie: cat.eltern }),
      })
    ).saveTerminNeuId as number;
    generalEvent = (await ok(staff.code, { type: 'saveTermin', data: eventInput({ name: 'Sommerfest' }) }))
      .saveTerminNeuId as number;
  });

  it('a user never receives events or categories they cannot see', async () => {
    const ofParent = await ok(parent.code);
    const parentIds = ofParent.kalender.events.map((event) => event.id);
    expect(parentIds).toContain(parentsEvent);
    expect(parentIds).toContain(generalEvent);
    expect(parentIds).not.toContain(teamEvent);
    expect(ofParent.kalender.kategorien.map((category) => category.id).sort()).toEqual(
      [cat.allgemein, cat.eltern].sort(),
    );
    expect(ofParent.kalender.stats.allowEditKategorien).toEqual([]);

    const ofOutsider = await ok(outsider.code);
    expect(ofOutsider.kalender.events.every((event) => event.id_kalenderkategorie === cat.allgemein)).toBe(true);
    expect(ofOutsider.kalender.events.map((event) => event.id)).toContain(generalEvent);
  });

  it('events carry the colour of their category and the counts are per category', async () => {
    const reply = await ok(staff.code);
    const general = reply.kalender.events.find((event) => event.id === generalEvent) as CalendarEvent;
    expect(general.color).toBe('#1E88E5');
    expect(reply.kalender.kategorien.find((category) => category.id === cat.team)?.termine).toBeGreaterThanOrEqual(1);
  });

  it('only editable categories can be changed, checked on the server', async () => {
    // A parent sees Allgemein but may not edit it: neither create, change nor delete.
    expectDenied(await send(parent.code, { type: 'saveTermin', data: eventInput() }));
    expectDenied(
      await send(parent.code, { type: 'saveTermin', data: eventInput({ id: generalEvent, name: 'Gekapert' }) }),
    );
    expectDenied(await send(parent.code, { type: 'delTermin', data: { id: generalEvent } }));
    // A category the user cannot see is unknown; an event of it is not found.
    expectInvalid(
      await send(parent.code, { type: 'saveTermin', data: eventInput({ id_kalenderkategorie: cat.team }) }),
      {
        'dataToSave.data.id_kalenderkategorie': [calendarMessages.unknownCategory],
      },
    );
    const hidden = await send(outsider.code, { type: 'delTermin', data: { id: teamEvent } });
    expectStatus(hidden, 'notFound', 404);
    expect(hidden.body.message).toBe(calendarMessages.unknownEvent);
    const hiddenChange = await send(outsider.code, {
      type: 'saveTermin',
      data: eventInput({ id: teamEvent, id_kalenderkategorie: cat.allgemein }),
    });
    expectStatus(hiddenChange, 'notFound', 404);
    const stillThere = await ok(staff.code);
    expect(stillThere.kalender.events.find((event) => event.id === generalEvent)?.name).toBe('Sommerfest');
  });

  it('an editor changes and deletes an event after which it is gone', async () => {
    const created = (await ok(staff.code, { type: 'saveTermin', data: eventInput({ name: 'Probe' }) }))
      .saveTerminNeuId as number;
    const changed = await ok(staff.code, {
      type: 'saveTermin',
      data: eventInput({ id: created, name: 'Generalprobe', id_kalenderkategorie: cat.team }),
    });
    expect(changed.saveTerminNeuId).toBe(created);
    expect(changed.kalender.events.find((event) => event.id === created)).toMatchObject({
      name: 'Generalprobe',
      id_kalenderkategorie: cat.team,
    });
    const deleted = await ok(staff.code, { type: 'delTermin', data: { id: created } });
    expect(deleted.kalender.events.some((event) => event.id === created)).toBe(false);
  });
});

describe('series', () => {
  it('create, delete one day as an exception, detach one day as a single event, delete the series', async () => {
    const created = await ok(staff.code, {
      type: 'saveTermin',
      data: eventInput({ name: 'AG Fußball', istSerie: true, repeat: weekly() }),
    });
    const seriesId = created.saveTerminNeuId as number;
    const series = () => ok(staff.code).then((reply) => reply.kalender.events.find((event) => event.id === seriesId));
    const march = [local('2026-03-01', 0), local('2026-03-31', 23, 59)] as const;
    const days = async () => expandEvents([(await series()) as CalendarEvent], ...march).map((entry) => entry.start);
    const all = await days();
    // Mondays and Wednesdays in March 2026 from the 2nd: 2,4,9,11,16,18,23,25,30 — across the DST change on the 29th.
    expect(all).toHaveLength(9);
    expect(all[8]).toBe(local('2026-03-30', 16));

    // 'nur Ausnahme für Tag': 11 March disappears, nothing else.
    const eleventh = { von: local('2026-03-11', 16), bis: local('2026-03-11', 17) };
    await ok(staff.code, { type: 'delTermin', data: { id: seriesId, ausnahme: eleventh } });
    const afterException = await days();
    expect(afterException).toHaveLength(8);
    expect(afterException).not.toContain(eleventh.von);
    const exceptions = ((await series())?.repeat?.ausnahmen ?? []).map(parseAusnahme);
    expect(exceptions).toEqual([{ id: 1, ...eleventh }]);

    // Save one day as a single event: it detaches (ausSerie = series id) and the series skips that day.
    const sixteenth = { von: local('2026-03-16', 16), bis: local('2026-03-16', 17) };
    const detached = await ok(staff.code, {
      type: 'saveTermin',
      data: eventInput({
        name: 'AG Fußball (Turnier)',
        start: local('2026-03-16', 15),
        end: local('2026-03-16', 18),
        ausSerie: seriesId,
      }),
      ausnahme: sixteenth,
    });
    const single = detached.kalender.events.find((event) => event.id === detached.saveTerminNeuId);
    expect(single).toMatchObject({ ausSerie: seriesId, istSerie: false, repeat: null, name: 'AG Fußball (Turnier)' });
    expect(await days()).not.toContain(sixteenth.von);
    expect(await days()).toHaveLength(7);

    // Deleting only a day of a non-series event is refused.
    expectInvalid(await send(staff.code, { type: 'delTermin', data: { id: single!.id, ausnahme: sixteenth } }), {
      'dataToSave.data.ausnahme': [calendarMessages.notASeries],
    });

    // The whole series goes; the detached single event stays.
    const afterDelete = await ok(staff.code, { type: 'delTermin', data: { id: seriesId } });
    expect(afterDelete.kalender.events.some((event) => event.id === seriesId)).toBe(false);
    expect(afterDelete.kalender.events.some((event) => event.id === single!.id)).toBe(true);
  });

  it('a parent cannot add an exception to a series in a category they may only see', async () => {
    const seriesId = (
      await ok(staff.code, {
        type: 'saveTermin',
        data: eventInput({ istSerie: true, repeat: weekly(), id_kalenderkategorie: cat.allgemein }),
      })
    ).saveTerminNeuId as number;
    expectDenied(
      await send(parent.code, {
        type: 'delTermin',
        data: { id: seriesId, ausnahme: { von: local('2026-03-04', 16), bis: local('2026-03-04', 17) } },
      }),
    );
    const reply = await ok(staff.code);
    expect(reply.kalender.events.find((event) => event.id === seriesId)?.repeat?.ausnahmen).toEqual([]);
  });
});

describe('bad input is rejected with German messages and changes nothing', () => {
  it('bad dates, missing title, missing repeat, bad series fields', async () => {
    const before = (await ok(staff.code)).kalender.events.length;
    expectInvalid(await send(staff.code, { type: 'saveTermin', data: eventInput({ end: local('2026-03-02', 15) }) }), {
      'dataToSave.data.end': [calendarMessages.endBeforeStart],
    });
    expectInvalid(await send(staff.code, { type: 'saveTermin', data: eventInput({ name: '  ' }) }), {
      'dataToSave.data.name': ['Bitte angeben.'],
    });
    expectInvalid(
      await send(staff.code, {
        type: 'saveTermin',
        data: eventInput({ start: Date.UTC(3500, 0, 1), end: Date.UTC(3500, 0, 2) }),
      }),
      {
        'dataToSave.data.start': [calendarMessages.dateRange],
        'dataToSave.data.end': [calendarMessages.dateRange],
      },
    );
    expectInvalid(await send(staff.code, { type: 'saveTermin', data: eventInput({ istSerie: true }) }), {
      'dataToSave.data.repeat': ['Bitte angeben.'],
    });
    expectInvalid(
      await send(staff.code, {
        type: 'saveTermin',
        data: eventInput({ istSerie: true, repeat: weekly({ von: '2026-02-30', woechentlichWochentage: noDays }) }),
      }),
      {
        'dataToSave.data.repeat.von': [calendarMessages.invalidDate],
        'dataToSave.data.repeat.woechentlichWochentage': [calendarMessages.noWeekday],
      },
    );
    expectInvalid(
      await send(staff.code, {
        type: 'saveTermin',
        data: eventInput({ istSerie: true, repeat: weekly({ von: '2026-05-01', bis: '2026-04-01' }) }),
      }),
      { 'dataToSave.data.repeat.bis': [calendarMessages.seriesEndBeforeStart] },
    );
    expectInvalid(
      await send(staff.code, {
        type: 'saveTermin',
        data: eventInput({ istSerie: true, repeat: weekly({ ausnahmen: ['kaputt'] }) }),
      }),
      { 'dataToSave.data.repeat.ausnahmen.0': [calendarMessages.invalidDate] },
    );
    expect((await ok(staff.code)).kalender.events.length).toBe(before);
  });
});

describe('calendar settings (x|110|set)', () => {
  it('needs x|110|set', async () => {
    expectDenied(await send(staff.code, { type: 'saveSettings', data: settingsData() }));
  });

  it('keeps the name rule for category names: no markup, no bidi overrides', async () => {
    for (const name of ['<b>Allg</b>', 'Allg\u202Eein']) {
      const bad = categories();
      bad[0] = { ...bad[0]!, name };
      expectInvalid(await send(admin.code, { type: 'saveSettings', data: settingsData({ kategorien: bad }) }), {
        'dataToSave.data.kategorien.0.name': ['Enthält unerlaubte Zeichen'],
      });
    }
  });

  it('rejects bad colours, names, a missing default, non-date birthday parameters and unknown groups', async () => {
    const bad = categories();
    bad[1] = { ...bad[1]!, farbe: 'rot', name: '' };
    expectInvalid(
      await send(admin.code, {
        type: 'saveSettings',
        data: settingsData({ kategorien: bad, id_nutzerparameter_geburtstag: textParameter }),
      }),
      {
        'dataToSave.data.kategorien.1.name': ['Bitte angeben.'],
        'dataToSave.data.kategorien.1.farbe': [calendarMessages.invalidColor],
      },
    );
    expectInvalid(
      await send(admin.code, {
        type: 'saveSettings',
        data: settingsData({
          standard_id_kategorie: 999_999,
          id_nutzerparameter_geburtstag: textParameter,
          bedingungen_geburtstage_sehen: { gruppen: { gruppe999999: { alle: true, gruppen: [] } } },
        }),
      }),
      {
        'dataToSave.data.standard_id_kategorie': [calendarMessages.defaultCategoryMissing],
        'dataToSave.data.id_nutzerparameter_geburtstag': [calendarMessages.onlyDateParameters],
        'dataToSave.data.bedingungen_geburtstage_sehen.gruppen.gruppe999999': [calendarMessages.unknownGroup],
      },
    );
    expectInvalid(await send(admin.code, { type: 'saveSettings', data: settingsData({ kategorien: [] }) }), {
      'dataToSave.data.kategorien': [calendarMessages.atLeastOneCategory],
    });
  });

  it('adds a category with a temporary id (default colour #FF0000), renames, and deletes one with its events', async () => {
    const added = await ok(admin.code, {
      type: 'saveSettings',
      data: settingsData({
        kategorien: [
          ...categories(),
          {
            id: -5,
            name: 'Ausflüge',
            bedingungen: { f110: { sehen: rule(true), bearbeiten: rule(false, [staffGroup]) } },
          },
        ],
        id_kalenderkategorie_geburtstag: -5,
      }),
    });
    const trips = added.settings.alleKategorien?.find((category) => category.name === 'Ausflüge');
    expect(trips?.farbe).toBe('#FF0000');
    expect(added.settings.id_kalenderkategorie_geburtstag).toBe(trips?.id);
    const event = (await ok(staff.code, { type: 'saveTermin', data: eventInput({ id_kalenderkategorie: trips!.id }) }))
      .saveTerminNeuId;

    const removed = await ok(admin.code, { type: 'saveSettings', data: settingsData() });
    expect(removed.settings.alleKategorien?.some((category) => category.id === trips!.id)).toBe(false);
    expect(removed.settings.id_kalenderkategorie_geburtstag).toBe(0);
    expect((await ok(staff.code)).kalender.events.some((candidate) => candidate.id === event)).toBe(false);
  });
});

describe('birthdays', () => {
  it('are sent to members of groups allowed to see them, from the date parameter', async () => {
    const ofStaff = await ok(staff.code);
    expect(ofStaff.settings.id_nutzerparameter_geburtstag).toBe(birthdayParameter);
    expect(ofStaff.settings.geburtstage).toEqual(
      expect.arrayContaining([
        { id_nutzer: staff.id, ident_nutzer: 'Sabine Krüger', name: 'Sabine Krüger', tag: 12, monat: 3, jahr: 1978 },
        { id_nutzer: parent.id, ident_nutzer: 'Aylin Öztürk', name: 'Aylin Öztürk', tag: 20, monat: 3, jahr: 2030 },
      ]),
    );
    expect((await ok(parent.code)).settings.geburtstage).toEqual([]);
  });

  it('a group may see only the birthdays of chosen groups', async () => {
    await ok(admin.code, {
      type: 'saveSettings',
      data: settingsData({
        bedingungen_geburtstage_sehen: {
          gruppen: {
            [`gruppe${staffGroup}`]: { alle: true, gruppen: [] },
            [`gruppe${parentGroup}`]: { alle: false, gruppen: [staffGroup] },
          },
        },
      }),
    });
    const ofParent = await ok(parent.code);
    expect(ofParent.settings.geburtstage.map((person) => person.id_nutzer)).toEqual([staff.id]);
  });
});

describe('iCalendar feed', () => {
  /** Feed addresses are absolute (the platform's appAddress); the test server answers their path. */
  async function fetchFeed(url: string) {
    const response = await server.app.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname });
    return response;
  }

  it('a private address per user, parsed by a real iCalendar parser, matches the expansion; revocable', async () => {
    const seriesId = (
      await ok(staff.code, {
        type: 'saveTermin',
        data: eventInput({
          name: 'Chor, Probe; mit Eltern',
          beschreibung: 'Zeile 1\nZeile 2',
          istSerie: true,
          repeat: weekly({ bis: '2026-06-30', musterintervall: 2 }),
        }),
      })
    ).saveTerminNeuId as number;
    await ok(staff.code, {
      type: 'delTermin',
      data: { id: seriesId, ausnahme: { von: local('2026-03-30', 16), bis: local('2026-03-30', 17) } },
    });
    await ok(staff.code, {
      type: 'saveTermin',
      data: eventInput({
        name: 'Ferien',
        timed: false,
        start: local('2026-04-06', 0),
        end: local('2026-04-10', 23, 59),
      }),
    });

    const created = await ok(staff.code, { type: 'feedNeu' });
    expect(created.feed.aktiv).toBe(true);
    const url = created.feed.url as string;
    expect(url).toMatch(/^http:\/\/localhost(:80)?\/_api\/000\/110\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await ok(staff.code)).feed).toEqual({ aktiv: true });

    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);

    const calendar = new ICAL.Component(ICAL.parse(response.body));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const vevents = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));

    const state = await ok(staff.code);
    const series = state.kalender.events.find((event) => event.id === seriesId) as CalendarEvent;
    const feedSeries = vevents.find((event) => event.uid === `termin-${seriesId}@hortus`) as ICAL.Event;
    expect(feedSeries.summary).toBe('Chor, Probe; mit Eltern');
    expect(feedSeries.description).toBe('Zeile 1\nZeile 2');
    expect(feedSeries.isRecurring()).toBe(true);
    const iterator = feedSeries.iterator();
    const fromFeed: number[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) {
      fromFeed.push(next.toJSDate().getTime());
      if (fromFeed.length > 500) break;
    }
    const expected = expandEvents([series], Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1)).map((entry) => entry.start);
    expect(fromFeed).toEqual(expected);
    expect(expected).not.toContain(local('2026-03-30', 16));
    expect(expected.length).toBeGreaterThan(10);

    const holidays = vevents.find((event) => event.summary === 'Ferien') as ICAL.Event;
    expect(holidays.startDate.isDate).toBe(true);
    expect(holidays.startDate.toString()).toBe('2026-04-06');
    expect(holidays.endDate.toString()).toBe('2026-04-11');

    // Birthdays the user may see are yearly all-day entries.
    expect(vevents.some((event) => event.summary === 'Geburtstag Sabine Krüger')).toBe(true);

    // A parent's feed leaves out what the parent cannot see.
    const parentFeed = (await ok(parent.code, { type: 'feedNeu' })).feed.url as string;
    const parentText = (await fetchFeed(parentFeed)).body;
    expect(parentText).not.toContain('Teamsitzung');
    expect(parentText).toContain('Sommerfest');

    // A new address revokes the old one; revoking ends the feed.
    const renewed = (await ok(staff.code, { type: 'feedNeu' })).feed.url as string;
    expect((await fetchFeed(url)).statusCode).toBe(404);
    expect((await fetchFeed(renewed)).statusCode).toBe(200);
    expect((await ok(staff.code, { type: 'feedWiderrufen' })).feed).toEqual({ aktiv: false });
    expect((await fetchFeed(renewed)).statusCode).toBe(404);
    expect((await fetchFeed(`${CALENDAR_ICAL_PREFIX}kurz.ics`)).statusCode).toBe(404);
  });
});

describe('demo seed', () => {
  it('creates categories, a weekly series and the birthday settings', async () => {
    const db = server.database.db;
    const verwaltung = await createGroup(db, { name: 'Verwaltung', rechte: ['x|110'] });
    const user = await createUser(db, { groupIds: [verwaltung] });
    await seedCalendarDemo(db, Date.UTC(2026, 10, 22));
    const code = await server.login(user.nn, user.password);
    const reply = await ok(code);
    expect(reply.kalender.kategorien.map((category) => category.name)).toEqual(
      expect.arrayContaining(['Ferien', 'Elternabende', 'Team', 'Geburtstage']),
    );
    expect(
      reply.kalender.events.some((event) => event.name === 'Teambesprechung' && event.repeat?.mustertyp === 'Wochen'),
    ).toBe(true);
    expect(reply.settings.geburtstage.length).toBeGreaterThan(0);
  });
});

describe('iCalendar expansion equals expandSeries (property, parsed by ical.js)', () => {
  function occurrencesOf(text: string): number[] {
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const vevent = calendar.getFirstSubcomponent('vevent');
    if (!vevent) return [];
    const event = new ICAL.Event(vevent);
    const iterator = event.iterator();
    const result: number[] = [];
    for (let next = iterator.next(); next && result.length < 400; next = iterator.next()) {
      result.push(next.toJSDate().getTime());
    }
    return result;
  }

  it('starts a series at its first real occurrence, however far from its first day', () => {
    // Every 2 months on the 31st from 1 February: February, April and June have no 31st (found by the property below).
    const start = fromLocal({ year: 2026, month: 2, day: 1, hour: 0, minute: 0 });
    const repeat: RepeatWire = {
      von: '2026-02-01',
      bis: '2026-08-31',
      mustertyp: 'Monate',
      musterintervall: 2,
      jaehrlichTag: 31,
      jaehrlichMonat: 1,
      monatlichTag: 31,
      woechentlichWochentage: Object.fromEntries(
        weekdayKeys.map((key, index) => [key, index === 0]),
      ) as RepeatWire['woechentlichWochentage'],
      ausnahmen: [],
    };
    const event: CalendarEvent = {
      id: 1,
      name: 'Serie',
      beschreibung: '',
      start,
      end: start,
      id_kalenderkategorie: 1,
      timed: true,
      istSerie: true,
      repeat,
      color: '#FF0000',
      ausSerie: 0,
    };
    const text = buildICalendar([event], { calendarName: 'Test', now: 0, uidDomain: 'test' });
    expect(occurrencesOf(text)).toEqual([fromLocal({ year: 2026, month: 8, day: 31, hour: 0, minute: 0 })]);
  });

  it('any pattern, interval, weekdays, exceptions and time of day — across DST changes', () => {
    const firstDay = Math.floor(Date.UTC(2025, 0, 1) / 86_400_000);
    fc.assert(
      fc.property(
        fc.record({
          offset: fc.integer({ min: 0, max: 700 }),
          length: fc.integer({ min: 0, max: 500 }),
          mustertyp: fc.constantFrom('Tage', 'Wochen', 'Monate', 'Jahre'),
          musterintervall: fc.integer({ min: 1, max: 4 }),
          days: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
          monatlichTag: fc.integer({ min: 1, max: 31 }),
          jaehrlichMonat: fc.integer({ min: 1, max: 12 }),
          // Not 02:xx: a time in the spring-forward gap is resolved per RFC 5545 by expandSeries (offset before
          // the gap, 02:30 → 03:30 CEST, see local-time.test.ts) but one hour earlier by ical.js.
          hour: fc.integer({ min: 0, max: 22 }).map((hour) => (hour >= 2 ? hour + 1 : hour)),
          minute: fc.constantFrom(0, 15, 30, 45),
          duration: fc.integer({ min: 0, max: 600 }),
          exceptionPicks: fc.array(fc.nat(), { maxLength: 3 }),
        }),
        (input) => {
          const von = isoDayOf(firstDay + input.offset);
          const bis = isoDayOf(firstDay + input.offset + input.length);
          const [year, month, day] = von.split('-').map(Number) as [number, number, number];
          const start = fromLocal({ year, month, day, hour: input.hour, minute: input.minute });
          const days = Object.fromEntries(
            weekdayKeys.map((key, index) => [key, input.days[index] ?? false]),
          ) as RepeatWire['woechentlichWochentage'];
          if (!input.days.some(Boolean)) days.montags = true;
          const repeat: RepeatWire = {
            von,
            bis,
            mustertyp: input.mustertyp,
            musterintervall: input.musterintervall,
            jaehrlichTag: input.monatlichTag,
            jaehrlichMonat: input.jaehrlichMonat,
            monatlichTag: input.monatlichTag,
            woechentlichWochentage: days,
            ausnahmen: [],
          };
          const event: CalendarEvent = {
            id: 1,
            name: 'Serie',
            beschreibung: '',
            start,
            end: start + input.duration * 60_000,
            id_kalenderkategorie: 1,
            timed: true,
            istSerie: true,
            repeat,
            color: '#FF0000',
            ausSerie: 0,
          };
          const window = [Date.UTC(2024, 0, 1), Date.UTC(2030, 0, 1)] as const;
          const plain = expandEvents([event], ...window).map((entry) => entry.start);
          // Exceptions on some of the occurrences.
          repeat.ausnahmen = input.exceptionPicks
            .filter(() => plain.length > 0)
            .map((pick, index) => {
              const at = plain[pick % plain.length] as number;
              return formatAusnahme({ id: index + 1, von: at, bis: at + 60_000 });
            });
          const expected = expandEvents([event], ...window)
            .map((entry) => entry.start)
            .slice(0, 400);
          const text = buildICalendar([event], { calendarName: 'Test', now: 0, uidDomain: 'test' });
          expect(occurrencesOf(text)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
