import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fileRules } from '@hortus/contract';
import {
  ATTACHMENTS_MAX,
  messagesCalls,
  messagesMessages,
  type UploadedAttachment,
} from '@hortus/contract/modules/messages';
import { files } from '../../../src/platform/db/schema';
import { messagesRetentionJob } from '../../../src/modules/messages/privacy';
import { UNUSED_UPLOADS_MAX, removeUnusedUploads } from '../../../src/modules/messages/attachments';
import {
  expectInvalid,
  expectStatus,
  startTestServer,
  toReply,
  type Reply,
  type TestServer,
} from '../../support/helper';
import { messagesClient } from '../../support/messages-calls';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { save, open, send } = messagesClient(() => server);
const reader = ['x|120|000', 'x|200|000|000'];
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 0)]);
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]);

async function uploadFiles(code: string, list: { name: string; bytes: Buffer }[]): Promise<Reply> {
  const boundary = `----hortus${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\n${code}\r\n`),
  ];
  list.forEach((file, index) =>
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file${index + 1}"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    ),
  );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await server.app.inject({
    method: 'POST',
    url: messagesCalls.uploadAnhaenge.url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  return toReply(response);
}

async function uploaded(code: string, list: { name: string; bytes: Buffer }[]): Promise<UploadedAttachment[]> {
  const reply = await uploadFiles(code, list);
  expectStatus(reply, 'success', 200);
  return reply.body.anhaenge as UploadedAttachment[];
}

const download = (code: string, file: string) =>
  server.app.inject({ method: 'POST', url: '/_api/data/download.php', payload: { code, file } });

/** Two staff members who write to each other, a third outside their conversation, one without module 120. */
async function world() {
  const stamp = Math.random().toString(36).slice(2, 8);
  const anna = await server.userWithSession({ ident: `Anna ${stamp}`, rechteSolo: reader });
  const bert = await server.userWithSession({ ident: `Bert ${stamp}`, rechteSolo: reader });
  const cora = await server.userWithSession({ ident: `Cora ${stamp}`, rechteSolo: reader });
  const stranger = await server.userWithSession({ rechteSolo: ['x|000|000'] });
  return { stamp, anna, bert, cora, stranger };
}

describe('attachments of messages (issue 43)', () => {
  it('uploads PDFs and photos judged by content, links them on send, shows them to the participants', async () => {
    const w = await world();
    const stored = await uploaded(w.anna.code, [
      { name: 'Elternbrief.pdf', bytes: pdf },
      { name: '../../Foto vom Ausflug.png', bytes: png },
    ]);
    expect(stored.map((file) => file.name)).toEqual(['Elternbrief.pdf', 'Foto vom Ausflug.png']);
    expect(stored[0]?.groesse).toBe(pdf.length);
    const sent = await send(w.anna.code, {
      empfaenger: { nutzer: [w.bert.id] },
      text: 'Hier der Brief und ein Foto.',
      anhaenge: stored.map((file) => file.id),
    });
    for (const reader of [w.anna, w.bert]) {
      const { nachrichten } = await open(reader.code, sent.id_konversation);
      const anhaenge = nachrichten[0]?.anhaenge ?? [];
      expect(anhaenge.map((file) => [file.id, file.name, file.groesse])).toEqual(
        stored.map((file) => [file.id, file.name, file.groesse]),
      );
      const fetched = await download(reader.code, anhaenge[0]?.pfad ?? '');
      expect(fetched.statusCode).toBe(200);
      expect(fetched.rawPayload.equals(pdf)).toBe(true);
    }
    // Nobody outside the conversation fetches them: not another user of the module, not one without it.
    const { nachrichten } = await open(w.anna.code, sent.id_konversation);
    for (const outsider of [w.cora, w.stranger]) {
      const refused = await download(outsider.code, nachrichten[0]?.anhaenge[1]?.pfad ?? '');
      expect(refused.statusCode).toBe(403);
      expect(refused.rawPayload.includes(png)).toBe(false);
    }
    // The conversation itself stays unknown to them.
    expectStatus(
      await save(w.cora.code, { type: 'getKonversation', data: { id: sent.id_konversation } }),
      'notFound',
      404,
    );
  });

  it('refuses other types, empty uploads, too many files and callers without the module', async () => {
    const w = await world();
    expectInvalid(
      await uploadFiles(w.anna.code, [{ name: 'virus.pdf', bytes: exe }]),
      'file1',
      fileRules.pdfOrPhoto.message,
    );
    expectInvalid(
      await uploadFiles(w.anna.code, [
        { name: 'a.pdf', bytes: pdf },
        { name: 'b.gif', bytes: gif },
      ]),
      'file2',
      fileRules.pdfOrPhoto.message,
    );
    expectInvalid(await uploadFiles(w.anna.code, []), 'file1', messagesMessages.chooseFile);
    const tooMany = await uploadFiles(
      w.anna.code,
      Array.from({ length: ATTACHMENTS_MAX + 1 }, (_, i) => ({ name: `d${i}.pdf`, bytes: pdf })),
    );
    expect(tooMany.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooMany.statusCode).toBeLessThan(500);
    expectStatus(await uploadFiles(w.stranger.code, [{ name: 'a.pdf', bytes: pdf }]), 'noRight', 403);
    expectStatus(await uploadFiles('nosuchsession', [{ name: 'a.pdf', bytes: pdf }]), 'accessError', 401);
    // Nothing was stored for the refused uploads.
    expect(await server.database.db.select().from(files).where(eq(files.ownerUserId, w.anna.id))).toEqual([]);
  });

  it('links only the sender’s own unsent uploads; another user’s or a sent one is a German message on anhaenge', async () => {
    const w = await world();
    const [mine] = await uploaded(w.anna.code, [{ name: 'Meins.pdf', bytes: pdf }]);
    const [theirs] = await uploaded(w.cora.code, [{ name: 'Fremd.pdf', bytes: pdf }]);
    const to = { empfaenger: { nutzer: [w.bert.id] } };
    const refused = await save(w.anna.code, {
      type: 'sendNachricht',
      data: { ...to, text: 'Mit fremdem Anhang', anhaenge: [mine?.id, theirs?.id] },
    });
    expectInvalid(refused, 'dataToSave.data.anhaenge', messagesMessages.unknownAttachment);
    // Nothing of the refused send was written: the inbox of the recipient is still empty.
    const inbox = await save(w.bert.code, {});
    expect((inbox.body.save as { konversationen: unknown[] }).konversationen).toEqual([]);
    // The owner's upload is still theirs to download before sending, nobody else's.
    const [file] = await server.database.db
      .select()
      .from(files)
      .where(eq(files.id, mine?.id ?? 0));
    expect((await download(w.anna.code, file?.path ?? '')).statusCode).toBe(200);
    expect((await download(w.bert.code, file?.path ?? '')).statusCode).toBe(403);
    const sent = await send(w.anna.code, { ...to, text: 'Mit eigenem Anhang', anhaenge: [mine?.id] });
    // Once sent, it cannot be attached again (also not to another message of the sender).
    expectInvalid(
      await save(w.anna.code, {
        type: 'sendNachricht',
        data: { id_konversation: sent.id_konversation, text: 'Nochmal', anhaenge: [mine?.id] },
      }),
      'dataToSave.data.anhaenge',
      messagesMessages.unknownAttachment,
    );
    expectInvalid(
      await save(w.anna.code, { type: 'sendNachricht', data: { ...to, text: 'x', anhaenge: [2 ** 31] } }),
      'dataToSave.data.anhaenge.0',
    );
    expectInvalid(
      await save(w.anna.code, {
        type: 'sendNachricht',
        data: { ...to, text: 'x', anhaenge: [1, 2, 3, 4, 5, 6] },
      }),
      'dataToSave.data.anhaenge',
      messagesMessages.tooManyAttachments,
    );
    expectInvalid(
      await save(w.anna.code, { type: 'sendNachricht', data: { ...to, text: 'x', anhaenge: 'viele' } }),
      'dataToSave.data.anhaenge',
    );
  });

  it('removes uploads no message used within a day, never sent ones; at most 20 wait per user', async () => {
    const w = await world();
    const [kept] = await uploaded(w.anna.code, [{ name: 'Gesendet.pdf', bytes: pdf }]);
    await send(w.anna.code, { empfaenger: { nutzer: [w.bert.id] }, text: 'Anhang', anhaenge: [kept?.id] });
    const [left] = await uploaded(w.anna.code, [{ name: 'Liegen.pdf', bytes: pdf }]);
    const many = Array.from({ length: 5 }, (_, i) => ({ name: `v${i}.pdf`, bytes: pdf }));
    for (let round = 0; round < UNUSED_UPLOADS_MAX / 5; round++) await uploaded(w.cora.code, many);
    expectInvalid(await uploadFiles(w.cora.code, many), 'file1', messagesMessages.tooManyUploads);
    expect(await removeUnusedUploads(server.context)).toBe(0);
    // The daily retention job (0 months: messages kept) leaves a fresh upload alone too.
    await messagesRetentionJob.run(server.context);
    const idsLeft = async () => (await server.database.db.select({ id: files.id }).from(files)).map((row) => row.id);
    expect(await idsLeft()).toContain(left?.id);
    expect(await removeUnusedUploads(server.context, Date.now() + 25 * 3600_000)).toBeGreaterThanOrEqual(21);
    expect(await idsLeft()).not.toContain(left?.id);
    expect(await idsLeft()).toContain(kept?.id);
  });
});
