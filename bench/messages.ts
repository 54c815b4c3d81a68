/**
 * Module 120 (issue 43): the inbox of a staff member in a facility with FAMILIES families and about MESSAGES
 * messages (one conversation per family, plus broadcasts), on the embedded database in process. Measures the
 * inbox load (time, bytes compressed as a browser asks for them), the unchanged reload with the held version
 * (`xtime`: the platform's answer with what changed), and a broadcast to every family (one transaction) with
 * the longest answer of a small call sent every 50 ms meanwhile — each next to a bare Fastify JSON route of the
 * same run (ratios).
 *
 *   npm run bench:messages -w @hortus/bench
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { encodeCallFields, platformCalls, todayIsoDay, type CallSpec } from '@hortus/contract';
import { messagesCalls } from '@hortus/contract/modules/messages';
import { hashGeneratedPassword } from '../packages/server/src/platform/auth/password';
import { inProcessServer, textOf } from './in-process';
import { createUser } from '../packages/server/src/seed/factories';
import { users } from '../packages/server/src/platform/db/schema';
import { childClasses, children } from '../packages/server/src/modules/children/schema';
import {
  messageConversations,
  messageMessages,
  messageParticipants,
  messageReceipts,
} from '../packages/server/src/modules/messages/schema';

const FAMILIES = 300;
const MESSAGES = 20_000;
const RUNS = 20;

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const p95 = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))] ?? 0;

async function run(): Promise<void> {
  const server = await inProcessServer('120', { 'accept-encoding': 'br, gzip' });
  const { db, post } = server;
  const bare = Fastify();
  bare.post('/bare', async () => ({ status: 'success' }));
  await bare.ready();
  try {
    const call = async (spec: CallSpec, input: Record<string, unknown>) => {
      const start = performance.now();
      const response = await post(spec.url, { code: server.code, ...encodeCallFields(input) });
      const ms = performance.now() - start;
      return { ms, bytes: response.rawPayload.length, response };
    };
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.nn, 'admin'));
    const staffId = admin!.id;

    const setupStart = performance.now();
    const hash = await hashGeneratedPassword('Bench#Eltern-2026');
    const [klasse] = await db
      .insert(childClasses)
      .values({
        name: 'Bench',
        conditions: { f200: { sehen: { alle: true, gruppen: [] }, bearbeiten: { alle: true, gruppen: [] } } },
      })
      .returning({ id: childClasses.id });
    const perConversation = Math.floor(MESSAGES / FAMILIES);
    const base = Date.now() - 90 * 24 * 3600_000;
    let stored = 0;
    for (let family = 0; family < FAMILIES; family++) {
      const parent = await createUser(db, {
        nn: `eltern${family}`,
        ident: `Familie ${family}`,
        passwordHash: hash,
        rechteSolo: ['x|120|000'],
      });
      await db.insert(children).values({
        vorname: 'Kind',
        nachname: `F${family}`,
        classId: klasse!.id,
        parentUserId: parent.id,
        careFrom: '11:30',
        releaseTime: '16:00',
      });
      const [conversation] = await db
        .insert(messageConversations)
        .values({ titel: `Abholung Familie ${family}`, createdBy: parent.id, lastMessageAt: new Date(base) })
        .returning({ id: messageConversations.id });
      const conversationId = conversation!.id;
      await db.insert(messageParticipants).values([
        { conversationId, userId: parent.id },
        { conversationId, userId: staffId },
      ]);
      const rows = Array.from({ length: perConversation }, (_, i) => ({
        conversationId,
        authorId: i % 2 === 0 ? parent.id : staffId,
        text: `Nachricht ${i + 1}: Lena wird heute um 15:30 Uhr von ihrer Oma abgeholt, bitte Bescheid geben.`,
        createdAt: new Date(base + (family * perConversation + i) * 60_000),
      }));
      const messages = await db.insert(messageMessages).values(rows).returning({ id: messageMessages.id });
      stored += messages.length;
      // Every message has its receipt; a third of the families' last messages are still unread by the staff.
      await db.insert(messageReceipts).values(
        messages.map((message, i) => ({
          messageId: message.id,
          conversationId,
          userId: i % 2 === 0 ? staffId : parent.id,
          readAt: i === messages.length - 2 && family % 3 === 0 ? null : new Date(base),
        })),
      );
      await db
        .update(messageConversations)
        .set({ lastMessageAt: rows.at(-1)!.createdAt })
        .where(eq(messageConversations.id, conversationId));
    }
    const setupMs = performance.now() - setupStart;

    // As the web app asks: with the version it holds (0 = none), so the reply carries one (xtime).
    const load = () => call(messagesCalls.getOrSaveSettings, { xtime: 0 });
    await load();
    const loads: number[] = [];
    let loadBytes = 0;
    let version = 0;
    for (let i = 0; i < RUNS; i++) {
      const result = await load();
      loads.push(result.ms);
      loadBytes = result.bytes;
      version = (JSON.parse(textOf(result.response)) as { save: { xtime: number } }).save.xtime;
    }
    const reloads: number[] = [];
    let reloadBytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const result = await call(messagesCalls.getOrSaveSettings, { xtime: version });
      reloads.push(result.ms);
      reloadBytes = result.bytes;
      // The answer with what changed: `{status, delta: {since, xtime, unchanged, …}}` (contract platform/delta.ts).
      const reply = JSON.parse(textOf(result.response)) as { delta?: { xtime: number; unchanged: boolean } };
      if (!reply.delta?.unchanged)
        throw new Error(`not answered as unchanged: ${textOf(result.response).slice(0, 300)}`);
      version = reply.delta.xtime;
    }
    const bares: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await bare.inject({ method: 'POST', url: '/bare' });
      bares.push(performance.now() - start);
    }

    let probing = true;
    let probeMaxMs = 0;
    const probe = (async () => {
      while (probing) {
        probeMaxMs = Math.max(probeMaxMs, (await call(platformCalls.getSettings, {})).ms);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const broadcast = await call(messagesCalls.getOrSaveSettings, {
      dataToSave: {
        type: 'sendNachricht',
        data: {
          empfaenger: { klassen: [klasse!.id] },
          betreff: 'Ausflug in den Zoo',
          text: 'Liebe Eltern, am Freitag fahren wir in den Zoo. Bitte bestätigen Sie.',
          bestaetigungErforderlich: true,
        },
      },
    });
    probing = false;
    await probe;
    const broadcastBody = JSON.parse(textOf(broadcast.response)) as { status: string; id_nachricht: number };
    if (broadcastBody.status !== 'success') throw new Error(textOf(broadcast.response).slice(0, 500));
    const reached = await db
      .select({ userId: messageReceipts.userId })
      .from(messageReceipts)
      .where(eq(messageReceipts.messageId, broadcastBody.id_nachricht));
    if (reached.length !== FAMILIES) throw new Error(`the broadcast reached ${reached.length} of ${FAMILIES} families`);

    const bareMs = median(bares);
    const lines = [
      '# Messages: inbox and broadcast (issue 43)',
      '',
      `\`npm run bench:messages -w @hortus/bench\` — ${todayIsoDay()}, PGlite in process (Fastify inject), 2 shared cores.`,
      `${FAMILIES} families, ${stored} messages in ${FAMILIES} conversations of the staff member whose inbox loads; a third with an unread message.`,
      '',
      '| Measure | Value | Goal |',
      '| --- | --- | --- |',
      `| setup (not timed below) | ${Math.round(setupMs)} ms | |`,
      `| bare Fastify JSON route, median of ${RUNS} | ${bareMs.toFixed(2)} ms | |`,
      `| inbox load, median / p95 of ${RUNS} | ${median(loads).toFixed(1)} / ${p95(loads).toFixed(1)} ms (${(median(loads) / bareMs).toFixed(0)} × bare) | < 100 ms |`,
      `| inbox load, bytes as sent (br/gzip) | ${loadBytes} B | < 20 KB |`,
      `| unchanged reload with the held version, median | ${median(reloads).toFixed(1)} ms | |`,
      `| unchanged reload, bytes as sent | ${reloadBytes} B | < 200 B |`,
      `| broadcast to ${reached.length} families (one transaction, one receipt each, reply included) | ${Math.round(broadcast.ms)} ms | < 500 ms |`,
      `| longest getSettings call meanwhile (every 50 ms) | ${Math.round(probeMaxMs)} ms | |`,
      '',
    ];
    fs.writeFileSync(path.join(import.meta.dirname, 'results', 'messages.md'), lines.join('\n'));
    console.log(lines.join('\n'));
  } finally {
    await server.close();
    await bare.close();
  }
}

await run();
