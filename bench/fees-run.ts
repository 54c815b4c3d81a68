/**
 * Module 220 (issue 46): a monthly run for FAMILIES families with MEALS lunches per child (half the families with
 * two children), on the embedded database in process: statements, pain.008 file, one storing transaction. Times
 * the first run and two repeats (a repeat replaces the month's statements), and the longest answer of a small
 * call sent every 50 ms meanwhile (does the run stall other calls?).
 *
 *   npm run bench:fees -w @hortus/bench
 */
import fs from 'node:fs';
import path from 'node:path';
import { encodeCallFields, ibanCheckDigits, todayIsoDay, type CallSpec } from '@hortus/contract';
import { feesCalls, monthDays } from '@hortus/contract/modules/fees';
import { hashGeneratedPassword } from '../packages/server/src/platform/auth/password';
import { inProcessServer } from './in-process';
import { createUser } from '../packages/server/src/seed/factories';
import { childClasses, children } from '../packages/server/src/modules/children/schema';
import {
  feesChildScopes,
  feesMandates,
  feesMealOrders,
  feesMenu,
  feesScopes,
} from '../packages/server/src/modules/fees/schema';
import { addDays, weekdayOf } from '../packages/server/src/platform/time/berlin-time';

const FAMILIES = 300;
const MEALS = 20;
const MONTH = '2026-10';

async function run(): Promise<void> {
  const server = await inProcessServer('220');
  const { db, post } = server;
  try {
    const call = async (spec: CallSpec, input: Record<string, unknown>) => {
      const response = await post(spec.url, { code: server.code, ...encodeCallFields(input) });
      const body = JSON.parse(response.body) as Record<string, unknown>;
      if (body.status !== 'success') throw new Error(response.body.slice(0, 500));
      return body;
    };

    const setupStart = performance.now();
    const hash = await hashGeneratedPassword('Bench#Eltern-2026');
    const [klasse] = await db
      .insert(childClasses)
      .values({
        name: 'Bench',
        conditions: { f200: { sehen: { alle: true, gruppen: [] }, bearbeiten: { alle: true, gruppen: [] } } },
      })
      .returning({ id: childClasses.id });
    const [scope] = await db
      .insert(feesScopes)
      .values({ name: 'Hort bis 17 Uhr', prices: [{ ab: '2026-01', betrag: 14_500 }], validFrom: '2026-01' })
      .returning({ id: feesScopes.id });
    const { first, last } = monthDays(MONTH);
    const days: string[] = [];
    for (let day = first; day <= last && days.length < MEALS; day = addDays(day, 1)) {
      if (weekdayOf(day) <= 5) days.push(day);
    }
    await db.insert(feesMenu).values(days.map((day) => ({ day, dishes: [{ name: 'Eintopf', allergene: ['L'] }] })));
    for (let family = 0; family < FAMILIES; family++) {
      const parent = await createUser(db, { nn: `eltern${family}`, ident: `Familie ${family}`, passwordHash: hash });
      const kids = await db
        .insert(children)
        .values(
          Array.from({ length: family % 2 === 0 ? 2 : 1 }, (_, i) => ({
            vorname: `Kind${i}`,
            nachname: `F${family}`,
            classId: klasse!.id,
            parentUserId: parent.id,
            careFrom: '11:30',
            releaseTime: '16:00',
          })),
        )
        .returning({ id: children.id });
      await db
        .insert(feesChildScopes)
        .values(kids.map((kid) => ({ childId: kid.id, scopeId: scope!.id, fromDay: '2026-01-01' })));
      await db
        .insert(feesMealOrders)
        .values(kids.flatMap((kid) => days.map((day) => ({ childId: kid.id, day, ordered: true }))));
      const bban = `1203000000${String(family).padStart(8, '0')}`;
      await db.insert(feesMandates).values({
        familyId: parent.id,
        holder: `Familie ${family}`,
        iban: `DE${ibanCheckDigits('DE', bban)}${bban}`,
        reference: `BEITRAG-${parent.id}-1`,
        signedOn: '2026-01-02',
      });
    }
    const setupMs = performance.now() - setupStart;
    await call(feesCalls.getOrSaveSettings, {
      dataToSave: {
        type: 'settings',
        data: {
          glaeubigerId: 'DE98ZZZ09999999999',
          glaeubigerName: 'Hort Bench e. V.',
          glaeubigerIban: 'DE02120300000000202051',
          glaeubigerBic: '',
          essenspreis: 350,
          bestellschluss: '08:00',
          faelligTag: 5,
          geschwisterRabatt: [0, 25],
          ruecklastGebuehr: 300,
        },
      },
    });

    let probing = true;
    let probeMaxMs = 0;
    const probe = (async () => {
      while (probing) {
        const start = performance.now();
        await call(feesCalls.kuechenliste, { tag: days[0] });
        probeMaxMs = Math.max(probeMaxMs, performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const runs: number[] = [];
    let statements = 0;
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      const reply = (await call(feesCalls.getOrSaveSettings, {
        dataToSave: { type: 'lauf', data: { monat: MONTH } },
      })) as {
        lauf: { abrechnungen: unknown[] };
      };
      runs.push(performance.now() - start);
      statements = reply.lauf.abrechnungen.length;
    }
    probing = false;
    await probe;
    const lines = [
      '# Monthly fee run (issue 46)',
      '',
      `\`npm run bench:fees -w @hortus/bench\` — ${todayIsoDay()}, PGlite in process, 2 shared cores.`,
      `${FAMILIES} families (${Math.ceil(FAMILIES / 2) * 2 + Math.floor(FAMILIES / 2)} children), ${MEALS} lunches per child, every family with a mandate.`,
      '',
      '| Measure | Value |',
      '| --- | --- |',
      `| setup (not timed below) | ${Math.round(setupMs)} ms |`,
      `| first run (${statements} statements, pain.008, reply with the fresh load) | ${Math.round(runs[0]!)} ms |`,
      `| repeat runs (replace the month's statements) | ${Math.round(runs[1]!)} / ${Math.round(runs[2]!)} ms |`,
      `| longest kitchen-list call meanwhile (every 50 ms) | ${Math.round(probeMaxMs)} ms |`,
      '',
    ];
    fs.writeFileSync(path.join(import.meta.dirname, 'results', 'fees-run.md'), lines.join('\n'));
    console.log(lines.join('\n'));
  } finally {
    await server.close();
  }
}

await run();
