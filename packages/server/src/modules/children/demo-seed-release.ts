import type { Db } from '../../platform/db/database';
import { addDays } from '../../platform/time/berlin-time';
import {
  childClasses,
  childConsentRequests,
  childConsents,
  childHealthNotes,
  childHealthProposals,
  childPickupChanges,
  childPickupPersons,
  childPickupVersions,
  childReleasePermissions,
} from './schema';

/**
 * Issue 44's part of the demo: each kind of permission (alone Mo–Do from 14:00 given on the phone, a paper
 * form, none), today's same-day changes (a named person, alone at a time), a pickup person with a validity,
 * with its two versions (the parent first added her without, a week later with the validity), health notes
 * (two children with allergies, one with medication), a parent's open proposal to change them, and one
 * consent request half answered.
 */
export async function seedReleaseDemo(
  db: Db,
  kids: readonly { id: number }[],
  parentOf: ReadonlyMap<number, number>,
  today: string,
  staffUserId: number | null,
  now: Date,
): Promise<void> {
  const id = (index: number) => kids[index]?.id;
  const permissions: (typeof childReleasePermissions.$inferInsert)[] = [];
  const first = id(0);
  if (first !== undefined) {
    // An earlier version stays readable.
    const parent = parentOf.get(0) ?? null;
    permissions.push(
      {
        childId: first,
        allowed: false,
        weekdays: [],
        fromTime: '',
        createdBy: parent,
        createdAt: new Date(now.getTime() - 30 * 86_400_000),
      },
      { childId: first, allowed: true, weekdays: [1, 2, 3, 4], fromTime: '14:00', createdBy: parent, createdAt: now },
    );
  }
  const paper = id(2);
  if (paper !== undefined) {
    permissions.push({
      childId: paper,
      allowed: true,
      weekdays: [1, 2, 3, 4, 5],
      fromTime: '',
      paper: true,
      createdBy: staffUserId,
    });
  }
  const friday = id(3);
  if (friday !== undefined) {
    permissions.push({
      childId: friday,
      allowed: true,
      weekdays: [5],
      fromTime: '15:00',
      createdBy: parentOf.get(3) ?? null,
    });
  }
  if (permissions.length > 0) await db.insert(childReleasePermissions).values(permissions);

  const changes: (typeof childPickupChanges.$inferInsert)[] = [];
  const grandma = id(6);
  if (grandma !== undefined) {
    changes.push({
      childId: grandma,
      day: today,
      kind: 'person',
      person: 'Oma Erika',
      createdBy: parentOf.get(6) ?? null,
    });
  }
  const alone = id(7);
  if (alone !== undefined) {
    changes.push({ childId: alone, day: today, kind: 'allein', time: '14:30', createdBy: parentOf.get(7) ?? null });
  }
  if (changes.length > 0) await db.insert(childPickupChanges).values(changes);

  const neighbour = id(8);
  if (neighbour !== undefined) {
    await db.insert(childPickupPersons).values({
      childId: neighbour,
      name: 'Frau Berg',
      relation: 'Nachbarin',
      phone: '0351 445566',
      note: 'Bitte Ausweis zeigen lassen',
      validFrom: today,
      validUntil: addDays(today, 30),
    });
    const berg = {
      name: 'Frau Berg',
      beziehung: 'Nachbarin',
      telefon: '0351 445566',
      notiz: 'Bitte Ausweis zeigen lassen',
      gueltigVon: '',
      gueltigBis: '',
    };
    const parent = parentOf.get(8) ?? null;
    await db.insert(childPickupVersions).values([
      { childId: neighbour, persons: [berg], createdBy: parent, createdAt: new Date(now.getTime() - 7 * 86_400_000) },
      {
        childId: neighbour,
        persons: [{ ...berg, gueltigVon: today, gueltigBis: addDays(today, 30) }],
        createdBy: parent,
        createdAt: now,
      },
    ]);
  }

  const health: (typeof childHealthNotes.$inferInsert)[] = [];
  if (first !== undefined) {
    health.push({
      childId: first,
      allergies: 'Erdnüsse, Haselnüsse',
      medication: 'Adrenalin-Autoinjektor bei Atemnot, liegt im Rucksack (Seitenfach)',
      notes: '',
      emergencyContacts: [{ name: 'Thomas Müller', telefon: '0172 5550101', beziehung: 'Vater' }],
    });
  }
  const lactose = id(3);
  if (lactose !== undefined) {
    health.push({
      childId: lactose,
      allergies: 'Laktoseintoleranz',
      medication: '',
      notes: 'Keine Milchprodukte beim Essen',
    });
  }
  const asthma = id(5);
  if (asthma !== undefined) {
    health.push({ childId: asthma, allergies: '', medication: 'Asthmaspray vor dem Sport, im Büro', notes: '' });
  }
  if (health.length > 0) await db.insert(childHealthNotes).values(health);
  // A parent proposes to add the new allergy; the Hort has not decided yet.
  if (lactose !== undefined) {
    await db.insert(childHealthProposals).values({
      childId: lactose,
      allergies: 'Laktoseintoleranz, Kiwi',
      medication: '',
      notes: 'Keine Milchprodukte beim Essen, keine Kiwi',
      emergencyContacts: [],
      proposedBy: parentOf.get(3) ?? null,
      proposedAt: now,
    });
  }

  // One consent request, half answered: two yes, one no, the other families not yet.
  const classIds = (await db.select({ id: childClasses.id }).from(childClasses)).map((row) => row.id);
  const [request] = await db
    .insert(childConsentRequests)
    .values({
      title: 'Fotos in der App 2026/27',
      purpose: 'Fotos von Hortaktivitäten in der Hortus-App (nur für Eltern des Horts sichtbar)',
      text: 'Wir möchten im Schuljahr 2026/27 Fotos von Ausflügen und Projekten in der App zeigen. Die Einwilligung ist freiwillig und kann jederzeit widerrufen werden.',
      classIds,
      validUntil: '2027-07-31',
      createdBy: staffUserId,
      createdAt: now,
    })
    .returning({ id: childConsentRequests.id });
  const answers = (
    [
      [0, true],
      [2, true],
      [4, false],
    ] as const
  ).flatMap(([index, agreed]) => {
    const childId = id(index);
    return childId === undefined || !request
      ? []
      : [{ requestId: request.id, childId, agreed, answeredBy: parentOf.get(index) ?? null, answeredAt: now }];
  });
  if (answers.length > 0) await db.insert(childConsents).values(answers);
}
