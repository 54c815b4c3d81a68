import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_RECORD_ID, type Condition } from '@hortus/contract';
import { cloudCalls, type CloudData, type CloudSave, type CloudSlot } from '@hortus/contract/modules/cloud';
import { files } from '../../../src/platform/db/schema';
import { createGroup } from '../../../src/seed/factories';
import { expectStatus, startTestServer, toReply, type Reply, type TestServer } from '../../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { getOrSaveSettings, getQrCode } = cloudCalls;
const url = getOrSaveSettings.url;
const everyone: Condition = { alle: true, gruppen: [] };
const nobody: Condition = { alle: false, gruppen: [] };
const only = (...gruppen: number[]): Condition => ({ alle: false, gruppen });

const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const pngBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const exeBytes = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]);

interface MultipartFile {
  name: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

async function multipart(fields: Record<string, string>, file?: MultipartFile): Promise<Reply> {
  const boundary = `----hortus${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  return toReply(response);
}

function upload(
  code: string,
  slotId: number | string,
  thema: string,
  file: Partial<MultipartFile> = {},
): Promise<Reply> {
  return multipart(
    {
      code,
      upload4slotid: String(slotId),
      dataToSave: JSON.stringify({ type: 'uploadslot' }),
      thema,
      filesCount: '1',
      filesCountMax: '1',
    },
    { name: 'file', filename: 'Plan.pdf', type: 'application/pdf', bytes: pdfBytes, ...file },
  );
}

function save(code: string, dataToSave: CloudSave | Record<string, unknown>): Promise<Reply> {
  return server.call(getOrSaveSettings, code, { dataToSave });
}

function load(code: string): Promise<Reply> {
  return server.call(getOrSaveSettings, code);
}

function deleteFile(
  code: string,
  idSlot: number | string,
  target: { delDatei?: number | string; delThema?: string },
): Promise<Reply> {
  const fields: Record<string, string> = {
    code,
    idSlot: String(idSlot),
    dataToSave: JSON.stringify({ type: 'deleteSlotDatei' }),
  };
  if (target.delDatei !== undefined) fields.delDatei = String(target.delDatei);
  if (target.delThema !== undefined) fields.delThema = target.delThema;
  return multipart(fields);
}

function qr(code: string, id: number | string): Promise<Reply> {
  return server.call(getQrCode, code, { id });
}

function download(code: string, file: string): Promise<Reply> {
  return server.post('/_api/data/download.php', { code, file });
}

function data(reply: Reply): CloudData {
  expectStatus(reply, 'success', 200);
  return reply.body.save as CloudData;
}

/** A slot (or file) the caller sees but may not change. */
function expectDenied(reply: Reply): void {
  expectStatus(reply, 'noRight', 403);
  expect(reply.body.message).toBe('Zugriff verweigert');
}

/** A slot (or file) that does not exist or the caller may not see: nobody learns that it exists. */
function expectNotFound(reply: Reply): void {
  expectStatus(reply, 'notFound', 404);
}

interface Cast {
  adminCode: string;
  slotId: number;
  viewer: { id: number; code: string };
  uploader: { id: number; code: string };
  slotAdmin: { id: number; code: string };
  outsider: { id: number; code: string };
}

/** A slot with one group per condition and a user in each, created by a user with x|130|000|010. */
async function cast(): Promise<Cast> {
  const db = server.database.db;
  const viewers = await createGroup(db, { rechte: ['x|130'] });
  const uploaders = await createGroup(db, { rechte: ['x|130'] });
  const admins = await createGroup(db, { rechte: ['x|130'] });
  const creator = await server.userWithSession({ rechteSolo: ['x|130|000|010'] });
  const reply = await save(creator.code, {
    type: 'editslot',
    data: {
      id: 0,
      sort: '2026',
      name: `Elternbriefe ${Math.random().toString(16).slice(2, 8)}`,
      bedingungen: { f130: { sehen: only(viewers), upload: only(uploaders), bearbeiten: only(admins) } },
    },
  });
  expectStatus(reply, 'success');
  const slotId = reply.body.id as number;
  return {
    adminCode: creator.code,
    slotId,
    viewer: await server.userWithSession({ groupIds: [viewers] }),
    uploader: await server.userWithSession({ groupIds: [uploaders] }),
    slotAdmin: await server.userWithSession({ groupIds: [admins] }),
    outsider: await server.userWithSession({ rechteSolo: ['x|130'] }),
  };
}

function slotOf(reply: Reply, id: number): CloudSlot | undefined {
  return data(reply).slots.find((slot) => slot.id === id);
}

describe('130 load (empty getOrSaveSettings)', () => {
  it('needs a session and a right containing x|130', async () => {
    expectStatus(await load('x'.repeat(43)), 'accessError');
    const stranger = await server.userWithSession({ rechteSolo: ['x|100|000'] });
    expectDenied(await load(stranger.code));
    const settingsOnly = await server.userWithSession({ rechteSolo: ['x|130|set'] });
    expect(data(await load(settingsOnly.code)).slotHinzufuegen).toBe(false);
  });

  it('lists only slots the user may see, with the rights per slot and the QR address', async () => {
    const c = await cast();
    const forViewer = slotOf(await load(c.viewer.code), c.slotId);
    expect(forViewer?.rechte).toEqual({ sehen: true, upload: false, bearbeiten: false });
    expect(forViewer?.qr_code).toMatch(new RegExp(`/130\\?s=${c.slotId}$`));
    expect(slotOf(await load(c.uploader.code), c.slotId)?.rechte).toEqual({
      sehen: true,
      upload: true,
      bearbeiten: false,
    });
    expect(slotOf(await load(c.slotAdmin.code), c.slotId)?.rechte).toEqual({
      sehen: true,
      upload: true,
      bearbeiten: true,
    });
    expect(slotOf(await load(c.outsider.code), c.slotId)).toBeUndefined();
    // The creator (x|130|000|010, in none of the groups) became slot admin through bearbeiten.nutzer.
    const forCreator = slotOf(await load(c.adminCode), c.slotId);
    expect(forCreator?.rechte.bearbeiten).toBe(true);
    // x|130|000|adm is slot admin everywhere.
    const cloudAdmin = await server.userWithSession({ rechteSolo: ['x|130|000|adm'] });
    expect(slotOf(await load(cloudAdmin.code), c.slotId)?.rechte.bearbeiten).toBe(true);
  });
});

describe('130 editslot / delslot', () => {
  it('creates slots only with x|130|000|adm or x|130|000|010', async () => {
    const plain = await server.userWithSession({ rechteSolo: ['x|130'] });
    const slot = {
      id: 0,
      sort: '2026',
      name: 'Neu',
      bedingungen: { f130: { sehen: everyone, upload: nobody, bearbeiten: nobody } },
    };
    expectDenied(await save(plain.code, { type: 'editslot', data: slot }));
    const adder = await server.userWithSession({ rechteSolo: ['x|130|000|adm'] });
    const reply = await save(adder.code, { type: 'editslot', data: slot });
    expectStatus(reply, 'success');
    expect(slotOf(reply, reply.body.id as number)?.name).toBe('Neu');
  });

  it('lets only slot admins change or delete a slot', async () => {
    const c = await cast();
    const changed = {
      id: c.slotId,
      sort: '2027',
      name: 'Umbenannt',
      bedingungen: { f130: { sehen: everyone, upload: nobody, bearbeiten: nobody } },
    };
    expectDenied(await save(c.uploader.code, { type: 'editslot', data: changed }));
    expectDenied(await save(c.viewer.code, { type: 'delslot', data: { id: c.slotId } }));
    const reply = await save(c.slotAdmin.code, { type: 'editslot', data: changed });
    expect(slotOf(reply, c.slotId)).toMatchObject({ sort: '2027', name: 'Umbenannt' });
    // The save replaced the conditions: the slot admin's group no longer holds bearbeiten.
    expectDenied(await save(c.slotAdmin.code, { type: 'delslot', data: { id: c.slotId } }));
    const cloudAdmin = await server.userWithSession({ rechteSolo: ['x|130|000|adm'] });
    expectStatus(await save(cloudAdmin.code, { type: 'delslot', data: { id: c.slotId } }), 'success');
    expect(slotOf(await load(cloudAdmin.code), c.slotId)).toBeUndefined();
    expectNotFound(await save(cloudAdmin.code, { type: 'delslot', data: { id: c.slotId } }));
  });

  it('deleting a slot removes its files from the store and the disk', async () => {
    const c = await cast();
    const uploaded = await upload(c.uploader.code, c.slotId, 'Pläne');
    const pfad = (uploaded.body.neu as { pfad: string }).pfad;
    const [row] = await server.database.db.select().from(files).where(eq(files.path, pfad));
    expect(row).toBeDefined();
    const storageName = row?.storageName ?? '';
    expect(await server.context.fileStore.has(server.database.db, storageName)).toBe(true);
    expectStatus(await save(c.slotAdmin.code, { type: 'delslot', data: { id: c.slotId } }), 'success');
    expect(await server.database.db.select().from(files).where(eq(files.path, pfad))).toEqual([]);
    expect(await server.context.fileStore.has(server.database.db, storageName)).toBe(false);
  });

  it('refuses bad input with German messages and changes nothing', async () => {
    const adder = await server.userWithSession({ rechteSolo: ['x|130|000|010'] });
    const before = data(await load(adder.code)).slots.length;
    const reply = await save(adder.code, {
      type: 'editslot',
      data: {
        id: 0,
        sort: ' ',
        name: 'a<b>',
        bedingungen: { f130: { sehen: everyone, upload: nobody, bearbeiten: nobody } },
      },
    });
    expectStatus(reply, 'validationError', 400);
    const errors = reply.body.errors as Record<string, string[]>;
    expect(errors['dataToSave.data.sort']).toEqual(['Bitte angeben.']);
    expect(errors['dataToSave.data.name']?.[0]).toMatch(/Zeichen/);
    const unknownGroup = await save(adder.code, {
      type: 'editslot',
      data: {
        id: 0,
        sort: '2026',
        name: 'X',
        bedingungen: { f130: { sehen: only(999999), upload: nobody, bearbeiten: nobody } },
      },
    });
    expect(unknownGroup.body.errors).toEqual({
      'dataToSave.data.bedingungen.f130.sehen.gruppen': ['Unbekannte Nutzergruppe.'],
    });
    expectStatus(await server.post(url, { code: adder.code, dataToSave: '{kein json' }), 'validationError');
    expectStatus(await save(adder.code, { type: 'unbekannt' }), 'validationError');
    expect(data(await load(adder.code)).slots.length).toBe(before);
  });
});

describe('130 settings', () => {
  it('saves the default conditions with x|130|set only; new slots start from them in the client', async () => {
    const group = await createGroup(server.database.db, { rechte: ['x|130'] });
    const settings = { standardbedingungen: { f130: { sehen: only(group), upload: nobody, bearbeiten: nobody } } };
    const viewer = await server.userWithSession({ rechteSolo: ['x|130'] });
    expectDenied(await save(viewer.code, { type: 'settings', data: settings }));
    const admin = await server.userWithSession({ rechteSolo: ['x|130|set'] });
    const reply = await save(admin.code, { type: 'settings', data: settings });
    expect(data(reply).settings.standardbedingungen.f130.sehen).toEqual({ alle: false, gruppen: [group], nutzer: [] });
    expect(data(await load(viewer.code)).settings).toEqual(data(reply).settings);
    const bad = await save(admin.code, { type: 'settings', data: { standardbedingungen: {} } });
    expectStatus(bad, 'validationError');
  });
});

describe('130 upload', () => {
  it('stores a PDF for an uploader, named by its title and typed by its content', async () => {
    const c = await cast();
    const reply = await upload(c.uploader.code, c.slotId, '  Elternabend ', { filename: 'Einladung März.pdf' });
    expectStatus(reply, 'success');
    expect(reply.body.thema).toBe('Elternabend');
    const neu = reply.body.neu as { titel: string; endung: string; pfad: string; loeschen: boolean };
    expect(neu).toMatchObject({ titel: 'Einladung März', endung: 'pdf', loeschen: true });
    const forViewer = slotOf(await load(c.viewer.code), c.slotId);
    expect(forViewer?.dateien['Elternabend']?.[0]).toMatchObject({ titel: 'Einladung März', loeschen: false });
    expect(forViewer?.dateien['Elternabend']?.[0]?.date_lastMod_de).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    const png = await upload(c.uploader.code, c.slotId, 'Elternabend', { filename: 'foto.bin', bytes: pngBytes });
    expect((png.body.neu as { endung: string }).endung).toBe('png');
  });

  it('refuses viewers and outsiders', async () => {
    const c = await cast();
    expectDenied(await upload(c.viewer.code, c.slotId, 'Thema'));
    expectNotFound(await upload(c.outsider.code, c.slotId, 'Thema'));
    const stranger = await server.userWithSession({ rechteSolo: ['x|100'] });
    expectDenied(await upload(stranger.code, c.slotId, 'Thema'));
    expectNotFound(await upload(c.uploader.code, 999999, 'Thema'));
  });

  it('refuses a blank topic, a missing file and spoofed types (an .exe renamed .pdf)', async () => {
    const c = await cast();
    const blank = await upload(c.uploader.code, c.slotId, '   ');
    expectStatus(blank, 'validationError', 400);
    expect(blank.body.errors).toEqual({ thema: ['Bitte gib ein Thema an.'] });
    const spoofed = await upload(c.uploader.code, c.slotId, 'Thema', {
      filename: 'rechnung.pdf',
      type: 'application/pdf',
      bytes: exeBytes,
    });
    expectStatus(spoofed, 'validationError', 400);
    expect(spoofed.body).toMatchObject({
      status: 'validationError',
      message: 'Es können nur PDF-Dateien und Bilder (PNG, JPEG, GIF, WebP) hochgeladen werden.',
    });
    const noFile = await multipart({
      code: c.uploader.code,
      upload4slotid: String(c.slotId),
      dataToSave: JSON.stringify({ type: 'uploadslot' }),
      thema: 'Thema',
    });
    expectStatus(noFile, 'validationError');
    expect((noFile.body.errors as Record<string, string[]>).file).toEqual(['Bitte angeben.']);
    expect(slotOf(await load(c.slotAdmin.code), c.slotId)?.dateien).toEqual({});
  });

  it('never answers 500 for broken multipart bodies or a text where the file belongs', async () => {
    const c = await cast();
    const broken = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="code"\r\n\r\nabc',
    });
    expect(broken.statusCode).toBeLessThan(500);
    const textAsFile = await multipart({
      code: c.uploader.code,
      upload4slotid: String(c.slotId),
      dataToSave: JSON.stringify({ type: 'uploadslot' }),
      thema: 'Thema',
      file: '%PDF-1.4 als Text',
    });
    expectStatus(textAsFile, 'validationError', 400);
    expect(Object.keys(textAsFile.body.errors as object)).toEqual(['file']);
    // JSON.parse makes __proto__ an own field, so the request really carries a part of that name.
    const withProto = JSON.parse(`{"code":"${c.uploader.code}","__proto__":"x"}`) as Record<string, string>;
    const polluted = await multipart(
      Object.assign(withProto, {
        upload4slotid: String(c.slotId),
        dataToSave: JSON.stringify({ type: 'uploadslot' }),
        thema: 'Thema',
      }),
    );
    expectStatus(polluted, 'validationError');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(slotOf(await load(c.slotAdmin.code), c.slotId)?.dateien).toEqual({});
  });

  it('reads no file from a client without a session (code missing, unknown or after the file)', async () => {
    const c = await cast();
    const anonymous = await upload('', c.slotId, 'Anonym');
    expectStatus(anonymous, 'accessError', 401);
    const unknown = await upload('x'.repeat(43), c.slotId, 'Anonym');
    expectStatus(unknown, 'accessError');
    const boundary = 'hortusboundary';
    const codeAfterFile = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdfBytes,
        Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\n${c.uploader.code}\r\n`),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    });
    expectStatus(toReply(codeAfterFile), 'accessError');
    expect(slotOf(await load(c.slotAdmin.code), c.slotId)?.dateien).toEqual({});
  });

  it('refuses a file name with bidi overrides (a title that reads other than it is stored)', async () => {
    const c = await cast();
    const reply = await upload(c.uploader.code, c.slotId, 'Thema', { filename: 'rechnung\u202Efdp.exe.pdf' });
    expect(reply.statusCode).toBe(400);
    expect(reply.body.errors).toEqual({ file: ['Enthält unerlaubte Zeichen'] });
    expect(slotOf(await load(c.slotAdmin.code), c.slotId)?.dateien).toEqual({});
  });

  it('answers tooLarge (413) for a file over 20 MB', async () => {
    const c = await cast();
    const big = Buffer.concat([pdfBytes, Buffer.alloc(20 * 1024 * 1024, 0x20)]);
    const reply = await upload(c.uploader.code, c.slotId, 'Groß', { bytes: big });
    expectStatus(reply, 'tooLarge', 413);
    expect(slotOf(await load(c.slotAdmin.code), c.slotId)?.dateien).toEqual({});
  });
});

describe('130 deleteSlotDatei', () => {
  it('lets the uploader delete own files, but not others; the slot admin deletes any file', async () => {
    const c = await cast();
    const other = await server.userWithSession({ rechteSolo: ['x|130'] });
    const mine = (await upload(c.uploader.code, c.slotId, 'A')).body.neu as { id: number };
    const byAdmin = (await upload(c.slotAdmin.code, c.slotId, 'A')).body.neu as { id: number };
    expectDenied(await deleteFile(c.uploader.code, c.slotId, { delDatei: byAdmin.id }));
    expectDenied(await deleteFile(c.viewer.code, c.slotId, { delDatei: mine.id }));
    expectNotFound(await deleteFile(other.code, c.slotId, { delDatei: mine.id }));
    const own = await deleteFile(c.uploader.code, c.slotId, { delDatei: mine.id });
    expect(slotOf(own, c.slotId)?.dateien['A']?.map((file) => file.id)).toEqual([byAdmin.id]);
    const admin = await deleteFile(c.slotAdmin.code, c.slotId, { delDatei: byAdmin.id });
    expect(slotOf(admin, c.slotId)?.dateien).toEqual({});
    expectNotFound(await deleteFile(c.slotAdmin.code, c.slotId, { delDatei: byAdmin.id }));
  });

  it('deletes a whole topic for slot admins only', async () => {
    const c = await cast();
    await upload(c.uploader.code, c.slotId, 'Ausflug');
    await upload(c.uploader.code, c.slotId, 'Ausflug', { bytes: pngBytes, filename: 'bild.png' });
    await upload(c.uploader.code, c.slotId, 'Bleibt');
    expectDenied(await deleteFile(c.uploader.code, c.slotId, { delThema: 'Ausflug' }));
    const reply = await deleteFile(c.slotAdmin.code, c.slotId, { delThema: 'Ausflug' });
    expect(Object.keys(slotOf(reply, c.slotId)?.dateien ?? {})).toEqual(['Bleibt']);
    expectNotFound(await deleteFile(c.slotAdmin.code, c.slotId, { delThema: 'Ausflug' }));
    expectStatus(await deleteFile(c.slotAdmin.code, c.slotId, {}), 'validationError');
  });
});

describe('130 download and QR code', () => {
  it('serves slot files to viewers only, never by a raw path', async () => {
    const c = await cast();
    const neu = (await upload(c.uploader.code, c.slotId, 'Thema', { filename: 'Plan.pdf' })).body.neu as {
      pfad: string;
    };
    const ok = await download(c.viewer.code, neu.pfad);
    expect(ok.statusCode).toBe(200);
    expect(ok.raw).toBe(pdfBytes.toString());
    expect(ok.headers['content-disposition']).toContain('Plan.pdf');
    expectDenied(await download(c.outsider.code, neu.pfad));
    const stranger = await server.userWithSession({ rechteSolo: ['x|100'] });
    expectDenied(await download(stranger.code, neu.pfad));
    for (const file of [`${neu.pfad}/../../../../etc/passwd`, '../../../etc/passwd', `f100-130/${c.slotId}/../x`]) {
      const reply = await download(c.viewer.code, file);
      expectNotFound(reply);
      expect(reply.raw).not.toContain('root:');
    }
  });

  it('makes a QR code PDF for slot admins, named QR-Code- plus the slot name', async () => {
    const c = await cast();
    expectDenied(await qr(c.viewer.code, c.slotId));
    const reply = await qr(c.slotAdmin.code, c.slotId);
    expectStatus(reply, 'success');
    const name = reply.body.name as string;
    expect(name).toMatch(/^QR-Code-Elternbriefe /);
    const pdf = await download(c.slotAdmin.code, reply.body.file as string);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.raw.startsWith('%PDF-')).toBe(true);
    expect(pdf.headers['content-disposition']).toContain(encodeURIComponent(`${name}.pdf`));
    expectDenied(await download(c.viewer.code, reply.body.file as string));
    expectNotFound(await qr(c.slotAdmin.code, 999999));
    expectStatus(await qr(c.slotAdmin.code, 0), 'validationError');
  });
});

describe('130 wire rules of the module kit', () => {
  it('accepts the spec client\'s shapes: empty or {} dataToSave loads, id "" adds a slot', async () => {
    const adder = await server.userWithSession({ rechteSolo: ['x|130|000|010'] });
    for (const dataToSave of ['', ' ', '{}', 'null']) {
      expect(data(await server.post(url, { code: adder.code, dataToSave })).slotHinzufuegen).toBe(true);
    }
    const reply = await server.post(url, {
      code: adder.code,
      dataToSave: JSON.stringify({
        type: 'editslot',
        data: {
          id: '',
          sort: '2026',
          name: 'Vom Spec-Client',
          bedingungen: { f130: { sehen: everyone, upload: nobody, bearbeiten: nobody } },
        },
      }),
    });
    expect(slotOf(reply, reply.body.id as number)?.name).toBe('Vom Spec-Client');
  });

  it('answers notFound for slots the caller may not see, in every per-slot call', async () => {
    const c = await cast();
    const edit = {
      id: c.slotId,
      sort: '2026',
      name: 'Fremd',
      bedingungen: { f130: { sehen: everyone, upload: nobody, bearbeiten: nobody } },
    };
    expectNotFound(await save(c.outsider.code, { type: 'editslot', data: edit }));
    expectNotFound(await save(c.outsider.code, { type: 'delslot', data: { id: c.slotId } }));
    expectNotFound(await qr(c.outsider.code, c.slotId));
    expectNotFound(await deleteFile(c.outsider.code, c.slotId, { delThema: 'A' }));
    expect(slotOf(await load(c.slotAdmin.code), c.slotId)?.name).not.toBe('Fremd');
  });

  it('answers validationError, never 500, for ids from 2^31 on', async () => {
    const c = await cast();
    const huge = MAX_RECORD_ID + 1;
    for (const id of [huge, String(huge), '99999999999999999999']) {
      const deleted = await save(c.slotAdmin.code, { type: 'delslot', data: { id } });
      expectStatus(deleted, 'validationError', 400);
      expect(deleted.body.errors).toEqual({ 'dataToSave.data.id': ['Ungültige Nummer.'] });
      const code = await qr(c.slotAdmin.code, id);
      expectStatus(code, 'validationError', 400);
      expect(code.body.errors).toEqual({ id: ['Ungültige Nummer.'] });
    }
    const edited = await save(c.slotAdmin.code, {
      type: 'editslot',
      data: {
        id: huge,
        sort: '2026',
        name: 'X',
        bedingungen: { f130: { sehen: everyone, upload: nobody, bearbeiten: nobody } },
      },
    });
    expect(edited.body.errors).toEqual({ 'dataToSave.data.id': ['Ungültige Nummer.'] });
    const uploaded = await upload(c.uploader.code, huge, 'Thema');
    expectStatus(uploaded, 'validationError', 400);
    expect(uploaded.body.errors).toEqual({ upload4slotid: ['Ungültige Nummer.'] });
    expect((await deleteFile(c.slotAdmin.code, huge, { delThema: 'A' })).body.errors).toEqual({
      idSlot: ['Ungültige Nummer.'],
    });
    expect((await deleteFile(c.slotAdmin.code, c.slotId, { delDatei: huge })).body.errors).toEqual({
      delDatei: ['Ungültige Nummer.'],
    });
    expect(slotOf(await load(c.slotAdmin.code), c.slotId)).toBeDefined();
  });

  it('follows the shared slot rule: sort prefix at most 25 characters, name at most 100', async () => {
    const adder = await server.userWithSession({ rechteSolo: ['x|130|000|010'] });
    const reply = await save(adder.code, {
      type: 'editslot',
      data: {
        id: 0,
        sort: 'x'.repeat(26),
        name: 'n'.repeat(101),
        bedingungen: { f130: { sehen: everyone, upload: nobody, bearbeiten: nobody } },
      },
    });
    expectStatus(reply, 'validationError', 400);
    expect(reply.body.errors).toEqual({
      'dataToSave.data.sort': ['Maximal 25 Zeichen sind erlaubt'],
      'dataToSave.data.name': ['Maximal 100 Zeichen sind erlaubt'],
    });
  });

  it('keys upload errors by their own wire fields, not under dataToSave', async () => {
    const c = await cast();
    const spoofed = await upload(c.uploader.code, c.slotId, 'Thema', { bytes: exeBytes });
    expect(spoofed.body.errors).toEqual({
      file: ['Es können nur PDF-Dateien und Bilder (PNG, JPEG, GIF, WebP) hochgeladen werden.'],
    });
  });
});
