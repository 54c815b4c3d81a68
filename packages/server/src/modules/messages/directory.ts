import { asc, inArray } from 'drizzle-orm';
import { hasRight } from '@hortus/contract';
import {
  messagesMessages,
  messagesRights,
  type Contacts,
  type MessagesSettings,
} from '@hortus/contract/modules/messages';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { userGroups, users } from '../../platform/db/schema';
import { CallError, invalid } from '../../platform/http/calls';
import { rightsOfAccounts } from '../../platform/users/accounts';
import { readOrgData } from '../../platform/settings/org-data';
import { familyContacts } from '../children/public';
import { readMessagesSettings } from './settings';

/** Recipients as a send names them. */
export interface Recipients {
  nutzer: readonly number[];
  gruppen: readonly number[];
  klassen: readonly number[];
}

/** An account as the messages see it: name, groups, effective rights, whether it is a parent account. */
export interface Person {
  id: number;
  name: string;
  gruppen: number[];
  rechte: string[];
  parent: boolean;
}

/** Every account that may read messages (x|120|000), in name order. */
export async function messagingPeople(db: Db): Promise<Map<number, Person>> {
  const [rows, memberships, parents] = await Promise.all([
    db.select({ id: users.id, nn: users.nn, ident: users.ident }).from(users).orderBy(asc(users.ident), asc(users.nn)),
    db.select().from(userGroups),
    familyContacts.parentAccountIds(db),
  ]);
  const rights = await rightsOfAccounts(
    db,
    rows.map((row) => row.id),
  );
  const people = new Map<number, Person>();
  for (const row of rows) {
    const rechte = rights.get(row.id) ?? [];
    if (!hasRight(rechte, messagesRights.write)) continue;
    people.set(row.id, {
      id: row.id,
      name: row.ident.trim() || row.nn,
      gruppen: memberships.filter((m) => m.userId === row.id).map((m) => m.groupId),
      rechte,
      parent: parents.has(row.id),
    });
  }
  return people;
}

/** Display names of accounts (also those without the right any more), for reply parts. */
export async function namesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nn: users.nn, ident: users.ident })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.ident.trim() || row.nn]));
}

/** Whom a user may write to: people (with their role), and for broadcasts classes and groups. */
export interface Reach {
  people: Map<number, Person>;
  /** Ids the caller may write to. */
  allowed: Set<number>;
  /** Classes the caller may address (broadcast right and seen), with their parents. */
  classes: { id: number; name: string; parents: number[] }[];
  /** Groups the caller may address (broadcast right). */
  groups: { id: number; name: string }[];
  broadcast: boolean;
}

/**
 * The record rules of issue 43: a parent account reaches the office group (settings) and the staff who see one
 * of its children's classes; everybody else (staff) reaches the other staff and the parents of the children
 * they see. Only accounts holding x|120|000 are reached; nobody reaches themselves.
 */
export async function reachOf(db: Db, viewer: Caller, known?: MessagesSettings): Promise<Reach> {
  const [people, settings] = await Promise.all([messagingPeople(db), known ?? readMessagesSettings(db)]);
  const broadcast = hasRight(viewer.rechte, messagesRights.broadcast);
  const allowed = new Set<number>();
  const me = people.get(viewer.id);
  let classes: Reach['classes'] = [];
  if (me?.parent) {
    const own = await familyContacts.classesOfParent(db, viewer.id);
    const staff = [...people.values()].filter((person) => person.id !== viewer.id && !person.parent);
    const reached = await Promise.all(
      staff.map(
        (person) =>
          (settings.id_nutzergruppe_buero !== 0 && person.gruppen.includes(settings.id_nutzergruppe_buero)) ||
          familyContacts.seesOneOf(db, person, own),
      ),
    );
    staff.forEach((person, index) => {
      if (reached[index]) allowed.add(person.id);
    });
  } else {
    for (const person of people.values()) if (!person.parent && person.id !== viewer.id) allowed.add(person.id);
    const [seen, parents] = await Promise.all([
      familyContacts.seenClasses(db, viewer),
      familyContacts.parentsSeenBy(db, viewer),
    ]);
    for (const ids of parents.values()) for (const id of ids) if (people.has(id) && id !== viewer.id) allowed.add(id);
    if (broadcast) {
      classes = seen.map((klasse) => ({
        ...klasse,
        parents: (parents.get(klasse.id) ?? []).filter((id) => people.has(id) && id !== viewer.id),
      }));
    }
  }
  const groups = broadcast ? (await readOrgData(db)).groups.map((group) => ({ id: group.id, name: group.name })) : [];
  return { people, allowed, classes, groups, broadcast };
}

/** The reach as the recipient picker lists it. */
export function contactsOf(reach: Reach): Contacts {
  const nutzer = [...reach.allowed]
    .map((id) => reach.people.get(id))
    .filter((person): person is Person => person !== undefined)
    .map((person) => ({ id: person.id, name: person.name, rolle: person.parent ? 'Eltern' : 'Personal' }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
  return {
    nutzer,
    gruppen: reach.groups,
    klassen: reach.classes.map((klasse) => ({ id: klasse.id, name: klasse.name })),
  };
}

/** Whether a send to these recipients is a broadcast (classes, groups or more than one person). */
export function isBroadcast(recipients: Recipients): boolean {
  return recipients.klassen.length > 0 || recipients.gruppen.length > 0 || recipients.nutzer.length > 1;
}

/**
 * The accounts a new conversation goes to: every named person must be reachable, every class seen; a group
 * reaches its reachable members. Broadcasts need x|120|010 (noRight). Nobody left: 'Bitte mindestens einen
 * Empfänger wählen.'.
 */
export function resolveRecipients(reach: Reach, viewerId: number, recipients: Recipients): number[] {
  if (isBroadcast(recipients) && !reach.broadcast) throw new CallError('noRight', messagesMessages.broadcastNotAllowed);
  const refuse = (field: string, message: string): never => {
    throw invalid({ [field ? `empfaenger.${field}` : 'empfaenger']: [message] });
  };
  const ids = new Set<number>();
  for (const id of recipients.nutzer) {
    if (!reach.allowed.has(id)) refuse('nutzer', messagesMessages.recipientNotAllowed);
    ids.add(id);
  }
  for (const classId of recipients.klassen) {
    const klasse = reach.classes.find((entry) => entry.id === classId);
    if (!klasse) return refuse('klassen', messagesMessages.recipientNotAllowed);
    for (const id of klasse.parents) ids.add(id);
  }
  for (const groupId of recipients.gruppen) {
    if (!reach.groups.some((group) => group.id === groupId)) refuse('gruppen', messagesMessages.recipientNotAllowed);
    for (const person of reach.people.values()) {
      if (person.gruppen.includes(groupId) && reach.allowed.has(person.id)) ids.add(person.id);
    }
  }
  ids.delete(viewerId);
  if (ids.size === 0) refuse('', messagesMessages.noRecipient);
  return [...ids];
}
