import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardQrText,
  childrenCalls,
  idCardCalls,
  idCardMessages,
  type ChildrenData,
  type ClassConditions,
  type IdCardView,
  type ScanMessage,
} from '@hortus/contract/modules/children';
import { createGroup } from '../../../src/seed/factories';
import { childIdCards } from '../../../src/modules/children/schema';
import { ID_CARD_AREA, scanCard, SCAN_REPEAT_MS } from '../../../src/modules/children/id-cards';
import { files } from '../../../src/platform/db/schema';
import { stopFaceDetection, warmUpFaceDetection } from '../../../src/modules/children/face-detection';
import { expectStatus, startTestServer, toReply, type Reply, type TestServer } from '../../support/helper';
import { pageTexts } from '../../support/pdf-reader';

const face = readFileSync(new URL('../../fixtures/id-card-face.jpg', import.meta.url));
const landscape = readFileSync(new URL('../../fixtures/id-card-landscape.jpg', import.meta.url));
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await warmUpFaceDetection();
}, 60_000);
afterAll(async () => {
  await stopFaceDetection();
  await server.close();
});

const only = (...gruppen: number[]) => ({ alle: false, gruppen });
const conditions = (see: number[], edit: number[]): ClassConditions => ({
  f200: { sehen: only(...see), bearbeiten: only(...edit) },
});

async function load(code: string): Promise<ChildrenData> {
  const reply = await server.call(childrenCalls.getSettings, code);
  expectStatus(reply, 'success', 200);
  return reply.body.save as ChildrenData;
}

/** Editors edit class A; viewers see A; outsiders see nothing; class B has no card. */
async function world() {
  const db = server.database.db;
  const [gEdit, gView] = (await Promise.all([createGroup(db), createGroup(db)])) as [number, number];
  const admin = await server.userWithSession({
    groupIds: [gEdit],
    rechteSolo: ['x|200|000|000', 'x|200|000|010', 'x|200|set'],
  });
  const viewer = await server.userWithSession({ groupIds: [gView], rechteSolo: ['x|200|000|000'] });
  const outsider = await server.userWithSession({ rechteSolo: ['x|200|000|000', 'x|200|000|010'] });
  const noTab = await server.userWithSession({ groupIds: [gEdit], rechteSolo: ['x|200'] });
  const classes = await server.call(childrenCalls.getSettings, admin.code, {
    dataToSave: {
      type: 'klassen',
      data: {
        klassen: [
          { id: 0, name: `A${gEdit}`, bedingungen: conditions([gView], [gEdit]) },
          { id: 0, name: `B${gEdit}`, bedingungen: conditions([gEdit], [gEdit]) },
        ],
      },
    },
  });
  expectStatus(classes, 'success', 200);
  const klassen = (classes.body.save as ChildrenData).klassen;
  const classA = klassen.find((k) => k.name === `A${gEdit}`)?.id as number;
  const classB = klassen.find((k) => k.name === `B${gEdit}`)?.id as number;
  const addChild = async (klasse: number, vorname: string) => {
    const reply = await server.call(childrenCalls.getSettings, admin.code, {
      dataToSave: {
        type: 'editKind',
        data: {
          kind: {
            id: 0,
            vorname,
            nachname: 'Ausweis',
            id_klasse: klasse,
            betreuungsplatz: '00:00',
            standardentlasszeit: '23:59',
            date_geburtstag: '2017-05-04',
          },
        },
      },
    });
    expectStatus(reply, 'success', 200);
    return (reply.body.save as ChildrenData).kinder.find((k) => k.vorname === vorname)?.id as number;
  };
  const child = await addChild(classA, `Lina${gEdit}`);
  const other = await addChild(classB, `Ole${gEdit}`);
  return { admin, viewer, outsider, noTab, classA, classB, child, other, gEdit };
}

interface CardFields {
  design?: string;
  gesichtauto?: string;
  faktor?: string;
  offsetx?: string;
  offsety?: string;
  qrCodes?: string;
}

/** createKarte as the web app sends it: multipart with the photo and the settings as text. */
async function createCard(code: string, idKind: number, photo: Buffer | null, fields: CardFields = {}): Promise<Reply> {
  const values: Record<string, string> = {
    code,
    id_kind: String(idKind),
    design: '1',
    gesichtauto: 'true',
    faktor: '80',
    offsetx: '0',
    offsety: '0',
    qrCodes: JSON.stringify([{ id: 0, idTyp: 1, breite: 20, offsetx: 6, offsety: 3 }]),
    ...fields,
  };
  const boundary = `----hortus${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(values).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (photo) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await server.app.inject({
    method: 'POST',
    url: idCardCalls.createKarte.url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  return toReply(response);
}

function expectInvalid(reply: Reply, field: string, message?: string): void {
  expectStatus(reply, 'validationError', 400);
  const errors = reply.body.errors as Record<string, string[]>;
  expect(Object.keys(errors)).toContain(field);
  if (message) expect(errors[field]).toContain(message);
}

async function downloadPdf(code: string, reply: Reply): Promise<string> {
  expectStatus(reply, 'success', 200);
  const response = await server.app.inject({
    method: 'POST',
    url: '/_api/data/download.php',
    payload: { code, file: reply.body.file },
  });
  expect(response.statusCode).toBe(200);
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return (await pageTexts(response.rawPayload)).join('\n');
}

async function secretOf(childId: number): Promise<string> {
  const { eq } = await import('drizzle-orm');
  const [row] = await server.database.db.select().from(childIdCards).where(eq(childIdCards.childId, childId));
  return row?.secret ?? '';
}

async function statusOfChild(code: string, id: number): Promise<number | undefined> {
  return (await load(code)).kinder.find((k) => k.id === id)?.anwesenheitsstatus;
}

describe('200 ID cards', () => {
  it('creates a card from a face photo: the face is found and the frame follows the factor', async () => {
    const w = await world();
    const at80 = await createCard(w.admin.code, w.child, face);
    expectStatus(at80, 'success', 200);
    expect(at80.body.gesichtErkannt).toBe(true);
    const card80 = at80.body.neuIDCard as IdCardView;
    expect(card80.vorschau).toMatch(/^data:image\/jpeg;base64,/);
    expect((at80.body.created as { ergebnis: string }).ergebnis).toBe(card80.vorschau);
    const at50 = await createCard(w.admin.code, w.child, face, { faktor: '50' });
    const card50 = at50.body.neuIDCard as IdCardView;
    expect(card50.gesichtErkannt).toBe(true);
    // The face is the same size in both: at 50 % the frame is 80/50 = 1.6 times as wide.
    expect(card50.ausschnitt.width / card80.ausschnitt.width).toBeCloseTo(1.6, 1);
    expect(card80.ausschnitt.height / card80.ausschnitt.width).toBeCloseTo(4 / 3, 1);
    // The face fixture (330 × 435) has its face centred at about x 211, y 192.
    const centreX = card80.ausschnitt.left + card80.ausschnitt.width / 2;
    expect(Math.abs(centreX - 211)).toBeLessThan(20);
    const loaded = await server.call(idCardCalls.getKarte, w.viewer.code, { id_kind: w.child });
    expectStatus(loaded, 'success', 200);
    expect((loaded.body.karte as IdCardView).faktor).toBe(50);
  }, 60_000);

  it('reports no face on a landscape (gesichtErkannt false, centred frame) and refuses other photos', async () => {
    const w = await world();
    const reply = await createCard(w.admin.code, w.child, landscape);
    expectStatus(reply, 'success', 200);
    expect(reply.body.gesichtErkannt).toBe(false);
    const card = reply.body.neuIDCard as IdCardView;
    expect(card.ausschnitt).toEqual({ left: 88, top: 0, width: 225, height: 300 });
    // Odd sizes still give a card (the frame shrinks to the photo).
    for (const [width, height] of [
      [1, 1],
      [3000, 8],
    ] as const) {
      const odd = await sharp({ create: { width, height, channels: 3, background: '#88aacc' } })
        .jpeg()
        .toBuffer();
      const oddCard = await createCard(w.admin.code, w.child, odd);
      expectStatus(oddCard, 'success', 200);
      expect(oddCard.body.gesichtErkannt).toBe(false);
    }
    expectInvalid(await createCard(w.admin.code, w.child, png), 'foto', idCardMessages.jpegOnly);
    expectInvalid(await createCard(w.admin.code, w.child, Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2])), 'foto');
    expectInvalid(await createCard(w.admin.code, w.child, null), 'foto');
    expectInvalid(await createCard(w.admin.code, w.child, face, { faktor: '5' }), 'faktor');
    expectInvalid(await createCard(w.admin.code, w.child, face, { design: '9' }), 'design');
    expectInvalid(await createCard(w.admin.code, w.child, face, { qrCodes: '[{"idTyp":2}]' }), 'qrCodes.0.idTyp');
  }, 60_000);

  it('refuses a QR position that covers the text column (offset 40/40) and keeps the card as it was', async () => {
    const w = await world();
    expectStatus(await createCard(w.admin.code, w.child, face), 'success', 200);
    const before = (await server.call(idCardCalls.getKarte, w.admin.code, { id_kind: w.child })).body.karte;
    const secret = await secretOf(w.child);
    const covering = JSON.stringify([{ id: 0, idTyp: 1, breite: 20, offsetx: 40, offsety: 40 }]);
    const reply = await createCard(w.admin.code, w.child, face, { qrCodes: covering });
    expectInvalid(reply, 'qrCodes.0.offsetx', idCardMessages.qrOverText);
    expect((await server.call(idCardCalls.getKarte, w.admin.code, { id_kind: w.child })).body.karte).toEqual(before);
    expect(await secretOf(w.child)).toBe(secret);
  }, 60_000);

  it('checks rights on every call: edit for create/delete, see for load and PDFs, the tab for all', async () => {
    const w = await world();
    expectStatus(await createCard(w.viewer.code, w.child, face), 'noRight', 403);
    expectStatus(await createCard(w.outsider.code, w.child, face), 'notFound', 404);
    expectStatus(await createCard(w.noTab.code, w.child, face), 'noRight', 403);
    expectStatus(await server.call(idCardCalls.getKarte, w.outsider.code, { id_kind: w.child }), 'notFound', 404);
    const none = await server.call(idCardCalls.getKarte, w.admin.code, { id_kind: w.child });
    expect(none.body.karte).toBeNull();
    expectStatus(await server.call(idCardCalls.getKartePdf, w.admin.code, { id_kind: w.child }), 'notFound', 404);
    expectStatus(await createCard(w.admin.code, w.child, face, { gesichtauto: 'false' }), 'success', 200);
    expectStatus(await server.call(idCardCalls.getKartePdf, w.outsider.code, { id_kind: w.child }), 'notFound', 404);
    expectStatus(await server.call(idCardCalls.deleteKarte, w.viewer.code, { id_kind: w.child }), 'noRight', 403);
    expectStatus(await server.call(idCardCalls.deleteKarte, w.outsider.code, { id_kind: w.child }), 'notFound', 404);
    expectStatus(
      await server.call(idCardCalls.getAllKarte, w.noTab.code, { filterKlassen: [w.classA] }),
      'noRight',
      403,
    );
    const outsiderAll = await server.call(idCardCalls.getAllKarte, w.outsider.code, { filterKlassen: [w.classA] });
    expectInvalid(outsiderAll, 'filterKlassen', idCardMessages.noCards);
    expectStatus(await server.call(idCardCalls.scanKarte, w.noTab.code, { qr: 'x' }), 'noRight', 403);
    expectStatus(await server.call(idCardCalls.deleteKarte, w.admin.code, { id_kind: w.child }), 'success', 200);
    const gone = await server.call(idCardCalls.getKarte, w.admin.code, { id_kind: w.child });
    expect(gone.body.karte).toBeNull();
    expectStatus(await server.call(idCardCalls.deleteKarte, w.admin.code, { id_kind: w.child }), 'notFound', 404);
  }, 60_000);

  it('keeps one card and one portrait when two cards are made at once; deleting the card removes its portrait', async () => {
    const w = await world();
    const both = await Promise.all([
      createCard(w.admin.code, w.child, face, { gesichtauto: 'false' }),
      createCard(w.admin.code, w.child, face, { gesichtauto: 'false', design: '2' }),
    ]);
    for (const reply of both) expectStatus(reply, 'success', 200);
    const { like } = await import('drizzle-orm');
    const portraits = () =>
      server.database.db
        .select()
        .from(files)
        .where(like(files.path, `${ID_CARD_AREA}/${w.child}/%`));
    expect(await portraits()).toHaveLength(1);
    expectStatus(await server.call(idCardCalls.deleteKarte, w.admin.code, { id_kind: w.child }), 'success', 200);
    expect(await portraits()).toHaveLength(0);
  }, 60_000);

  it('prints one card and the cards of chosen classes as PDFs; no cards: the spec message', async () => {
    const w = await world();
    expectStatus(await createCard(w.admin.code, w.child, face), 'success', 200);
    const single = await server.call(idCardCalls.getKartePdf, w.viewer.code, { id_kind: w.child });
    expect(single.body.name).toMatch(/^Ausweis_Lina\d+_Ausweis\.pdf$/);
    const one = await downloadPdf(w.viewer.code, single);
    expect(one).toContain('Ausweis');
    const all = await server.call(idCardCalls.getAllKarte, w.admin.code, { filterKlassen: [w.classA, w.classB] });
    expect(all.body.count).toBe(1);
    const text = await downloadPdf(w.admin.code, all);
    expect(text).toMatch(/Lina\d+ Ausweis/);
    expect(text).toContain('geb. 04.05.2017');
    const empty = await server.call(idCardCalls.getAllKarte, w.admin.code, { filterKlassen: [w.classB] });
    expectInvalid(empty, 'filterKlassen', idCardMessages.noCards);
    expectInvalid(await server.call(idCardCalls.getAllKarte, w.admin.code, { filterKlassen: [] }), 'filterKlassen');
  }, 60_000);
});

describe('200 scan station', () => {
  const scan = async (code: string, qr: string): Promise<ScanMessage> => {
    const reply = await server.call(idCardCalls.scanKarte, code, { qr });
    expectStatus(reply, 'success', 200);
    return reply.body.meldung as ScanMessage;
  };

  it('checks a child in and out by its card; wrong secrets, old cards and unseen children are refused', async () => {
    const w = await world();
    expectStatus(await createCard(w.admin.code, w.child, face, { gesichtauto: 'false' }), 'success', 200);
    const secret = await secretOf(w.child);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const qr = cardQrText(w.child, secret);
    const shown = await server.call(idCardCalls.getKarte, w.viewer.code, { id_kind: w.child });
    expect((shown.body.karte as IdCardView).qrInhalt).toBe(qr);
    const wrong = cardQrText(w.child, `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`);
    expect(await scan(w.admin.code, wrong)).toMatchObject({ title: idCardMessages.invalidQr, type: 'error' });
    expect(await scan(w.admin.code, `200|${w.child}|1`)).toMatchObject({ title: idCardMessages.invalidQr });
    expect(await scan(w.admin.code, 'https://example.org')).toMatchObject({ title: idCardMessages.invalidQr });
    expect(await statusOfChild(w.admin.code, w.child)).toBe(0);
    expect(await scan(w.outsider.code, qr)).toMatchObject({ title: idCardMessages.invalidQr });
    expect(await scan(w.viewer.code, qr)).toMatchObject({ title: idCardMessages.noRight, type: 'error' });
    expect(await statusOfChild(w.admin.code, w.child)).toBe(0);

    expect(await scan(w.admin.code, qr)).toMatchObject({ title: 'Angemeldet', type: 'success' });
    expect(await statusOfChild(w.admin.code, w.child)).toBe(1);
    // The camera reads the same code again at once: nothing changes.
    expect(await scan(w.admin.code, qr)).toMatchObject({ title: 'Bereits angemeldet', type: 'info' });
    expect(await statusOfChild(w.admin.code, w.child)).toBe(1);
    // A minute later the same card releases the child.
    const admin = { id: w.admin.id, gruppen: [w.gEdit], rechte: ['x|200|000|000'] };
    const later = await scanCard(server.database.db, admin, qr, Date.now() + SCAN_REPEAT_MS + 1000);
    expect(later).toMatchObject({ title: 'Abgemeldet', type: 'success' });
    expect(await statusOfChild(w.admin.code, w.child)).toBe(2);
    expect(await scan(w.admin.code, qr)).toMatchObject({ title: 'Bereits entlassen', type: 'info' });

    // A new card replaces the secret: the old print no longer works.
    expectStatus(await createCard(w.admin.code, w.child, face, { gesichtauto: 'false' }), 'success', 200);
    expect(await scan(w.admin.code, qr)).toMatchObject({ title: idCardMessages.invalidQr });
    expectInvalid(await server.call(idCardCalls.scanKarte, w.admin.code, { qr: 'x'.repeat(500) }), 'qr');
  }, 60_000);
});
