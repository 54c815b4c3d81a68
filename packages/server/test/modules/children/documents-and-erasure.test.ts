import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MAX_RECORD_ID, protokollMessages } from '@hortus/contract';
import { childrenCalls } from '@hortus/contract/modules/children';
import { childAttendance, childDiary, childExceptions } from '../../../src/modules/children/schema';
import { files, protokoll } from '../../../src/platform/db/schema';
import { berlinNow } from '../../../src/platform/time/berlin-time';
import { expectStatus, startTestServer, toReply, type Reply, type TestServer } from '../../support/helper';
import { childrenKit } from '../../support/children-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { saved, expectInvalid, childInput, tracesOf, world, addChild, childOf } = childrenKit(() => server);

describe('200 documents', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]);
  function upload(code: string, idKind: number, bytes: Buffer, filename = 'Attest.pdf'): Promise<Reply> {
    return uploadTo(childrenCalls.uploadDokument.url, 'idKind', code, idKind, bytes, filename);
  }
  async function uploadTo(
    url: string,
    idField: string,
    code: string,
    id: number,
    bytes: Buffer,
    filename = 'Attest.pdf',
  ): Promise<Reply> {
    const boundary = `----hortus${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\n${code}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${idField}"\r\n\r\n${id}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return toReply(response);
  }
  const download = (code: string, file: string) =>
    server.app.inject({ method: 'POST', url: '/_api/data/download.php', payload: { code, file } });

  it('stores PDFs and images by content for editors, lets viewers of the class fetch them, deletes them', async () => {
    const w = await world();
    const child = await addChild(w.admin.code, w.classA);
    const refused = await upload(w.admin.code, child.id, exe, 'Attest.pdf');
    expectInvalid(refused, 'file');
    expectStatus(await upload(w.viewer.code, child.id, pdf), 'noRight', 403);
    expectStatus(await upload(w.outsider.code, child.id, pdf), 'notFound', 404);
    const stored = await upload(w.admin.code, child.id, pdf);
    expectStatus(stored, 'success', 200);
    const dokument = stored.body.dokument as { id: number; pfad: string; name: string };
    expect(dokument.name).toBe('Attest.pdf');
    expect((await childOf(w.admin.code, child.id))?.dokumente.map((d) => d.id)).toEqual([dokument.id]);
    expect((await download(w.viewer.code, dokument.pfad)).statusCode).toBe(200);
    expect((await download(w.outsider.code, dokument.pfad)).statusCode).not.toBe(200);
    expectStatus(await server.call(childrenCalls.deleteDokument, w.viewer.code, { id: dokument.id }), 'noRight', 403);
    expectStatus(
      await server.call(childrenCalls.deleteDokument, w.outsider.code, { id: dokument.id }),
      'notFound',
      404,
    );
    expectStatus(await server.call(childrenCalls.deleteDokument, w.admin.code, { id: dokument.id }), 'success', 200);
    expect((await childOf(w.admin.code, child.id))?.dokumente).toEqual([]);
    expect((await download(w.admin.code, dokument.pfad)).statusCode).not.toBe(200);
  });

  it('attaches PDFs and images to staff exceptions for editors, never to parents’ exceptions, and deletes them', async () => {
    const w = await world();
    const { day } = berlinNow();
    const child = await addChild(
      w.admin.code,
      w.classA,
      {},
      { ausnahmen: [{ id: 0, tag: day, anwesend: false, entlasszeit: '00:00', kommentar: 'Arzt' }] },
    );
    const exceptionId = child.ausnahmen[0]?.id ?? 0;
    const [parentMade] = await server.database.db
      .insert(childExceptions)
      .values({ childId: child.id, day, present: false, releaseTime: '00:00', comment: 'krank', byParent: true })
      .returning();
    const attach = (code: string, id: number, bytes: Buffer, name?: string) =>
      uploadTo(childrenCalls.uploadAnhang.url, 'idAusnahme', code, id, bytes, name);
    expectInvalid(await attach(w.admin.code, exceptionId, exe), 'file');
    expectStatus(await attach(w.viewer.code, exceptionId, pdf), 'noRight', 403);
    expectStatus(await attach(w.outsider.code, exceptionId, pdf), 'notFound', 404);
    expectStatus(await attach(w.admin.code, parentMade?.id ?? 0, pdf), 'noRight', 403);
    expectStatus(await attach(w.admin.code, MAX_RECORD_ID, pdf), 'notFound', 404);
    const stored = await attach(w.admin.code, exceptionId, pdf, 'Attest Arzt.pdf');
    expectStatus(stored, 'success', 200);
    const anhang = stored.body.anhang as { pfad: string; name: string };
    expect(anhang.name).toBe('Attest Arzt.pdf');
    const loaded = await childOf(w.admin.code, child.id);
    expect(loaded?.ausnahmen.find((a) => a.id === exceptionId)?.anhaenge).toEqual([anhang]);
    expect((await download(w.viewer.code, anhang.pfad)).statusCode).toBe(200);
    expect((await download(w.outsider.code, anhang.pfad)).statusCode).not.toBe(200);
    const remove = (code: string, idAusnahme: number, pfad: string) =>
      server.call(childrenCalls.deleteAnhang, code, { idAusnahme, pfad });
    expectStatus(await remove(w.viewer.code, exceptionId, anhang.pfad), 'noRight', 403);
    expectStatus(await remove(w.outsider.code, exceptionId, anhang.pfad), 'notFound', 404);
    expectStatus(await remove(w.admin.code, exceptionId, 'f200/0/nichts.pdf'), 'notFound', 404);
    expectInvalid(await remove(w.admin.code, exceptionId, ''), 'pfad');
    expectStatus(await remove(w.admin.code, exceptionId, anhang.pfad), 'success', 200);
    expect((await childOf(w.admin.code, child.id))?.ausnahmen.find((a) => a.id === exceptionId)?.anhaenge).toEqual([]);
    expect((await download(w.admin.code, anhang.pfad)).statusCode).not.toBe(200);
    // Dropping the exception in editKind removes its attachments' files too.
    const again = (await attach(w.admin.code, exceptionId, pdf)).body.anhang as { pfad: string };
    await saved(w.admin.code, { type: 'editKind', data: childInput(w.classA, { id: child.id }) });
    expect((await download(w.admin.code, again.pfad)).statusCode).not.toBe(200);
  });

  it('erases a deleted child: no trace of its name in any table, no file left in the store (Art. 17 DSGVO)', async () => {
    const w = await world();
    const db = server.database.db;
    const { day } = berlinNow();
    const [vorname, nachname] = ['Zoraida', 'Quendelmeier'];
    const child = await addChild(
      w.admin.code,
      w.classA,
      { vorname, nachname },
      {
        telefonnummern: [{ id: 0, name: `Mutter ${nachname}`, nummer: '0171 1234567' }],
        abholberechtigte: [{ id: 0, name: `Oma ${nachname}`, beziehung: 'Oma' }],
        ausnahmen: [{ id: 0, tag: day, anwesend: false, entlasszeit: '00:00', kommentar: `Arzt ${vorname}` }],
      },
    );
    const sibling = await addChild(w.admin.code, w.classA, {}, { geschwister: [child.id] });
    await db.insert(childDiary).values({ childId: child.id, day, text: `${vorname} hat gemalt` });
    await db
      .insert(childAttendance)
      .values({ childId: child.id, day: '2026-01-05', timeFrom: '11:30', timeTo: '15:00' });
    expectStatus(await upload(w.admin.code, child.id, pdf, `Attest ${nachname}.pdf`), 'success', 200);
    const exceptionId = child.ausnahmen[0]?.id ?? 0;
    expectStatus(
      await uploadTo(childrenCalls.uploadAnhang.url, 'idAusnahme', w.admin.code, exceptionId, pdf, `${vorname}.pdf`),
      'success',
      200,
    );
    const stored = await db
      .select({ id: files.id, storageName: files.storageName })
      .from(files)
      .where(sql`${files.originalName} ilike ${`%${vorname}%`} or ${files.originalName} ilike ${`%${nachname}%`}`);
    expect(stored).toHaveLength(2);
    // Before: the name is in the child's row, its parts, its files and its Protokoll history.
    expect(await tracesOf(vorname, nachname)).toEqual(
      expect.arrayContaining(['children.vorname', 'files.original_name', 'protokoll.details']),
    );

    await saved(w.admin.code, { type: 'delKind', data: { id: child.id } });

    expect(await tracesOf(vorname, nachname)).toEqual([]);
    for (const file of stored) expect(await server.context.fileStore.has(db, file.storageName)).toBe(false);
    // The attendance stays for the statistics' counts: class only, no name.
    const kept = await db.select().from(childAttendance).where(eq(childAttendance.day, '2026-01-05'));
    expect(kept.filter((row) => row.deletedClassId === w.classA)).toEqual([
      expect.objectContaining({ childId: null, deletedVorname: null, deletedNachname: null }),
    ]);
    // The Protokoll keeps one entry without details: deleted, by whom; the sibling's entries stay.
    const history = await db
      .select()
      .from(protokoll)
      .where(and(eq(protokoll.objektTyp, 'Kind'), eq(protokoll.objektId, String(child.id))));
    expect(history).toEqual([
      expect.objectContaining({ aktion: protokollMessages.erased, nutzerId: w.admin.id, details: [] }),
    ]);
    const siblingHistory = await db
      .select()
      .from(protokoll)
      .where(and(eq(protokoll.objektTyp, 'Kind'), eq(protokoll.objektId, String(sibling.id))));
    expect(siblingHistory.length).toBeGreaterThan(0);
    // Outside the erasure, the Protokoll's guard still refuses deletes.
    await expect(db.delete(protokoll).where(eq(protokoll.objektId, String(sibling.id)))).rejects.toThrow();
  });
});
