import { inArray, sql } from 'drizzle-orm';
import { namesById } from '../../platform/audit/protokoll';
import type { ProtokollFields, ProtokollNames } from '../../platform/modules/server-module';
import { childClasses, children } from './schema';

/**
 * How the Protokoll reads module 200's tracked tables (ServerModule.protokollFields): German column names, the
 * records a value names (a class, a sibling, a parent account: resolved to their current names when read) and
 * the columns left out — the child a part belongs to (the entry names it), technical times and image data.
 */
const ofChild = { child_id: null, created_at: null } as const;
const createdBy = { label: 'Erfasst von', ref: 'Benutzer' } as const;

export const childrenProtokollFields: ProtokollFields = {
  children_classes: { name: 'Name', conditions: 'Bedingungen', created_at: null },
  children: {
    class_id: { label: 'Klasse', ref: 'Klasse' },
    parent_user_id: { label: 'Elternkonto', ref: 'Benutzer' },
    vorname: 'Vorname',
    nachname: 'Nachname',
    junge: 'Junge',
    birthday: 'Geburtstag',
    care_from: 'Betreuung ab',
    release_time: 'Entlasszeit',
    siblings: { label: 'Geschwister', ref: 'Kind' },
    created_at: null,
  },
  children_phones: { ...ofChild, name: 'Name', nummer: 'Nummer' },
  children_pickup_persons: {
    ...ofChild,
    name: 'Name',
    relation: 'Beziehung',
    phone: 'Telefon',
    note: 'Hinweis',
    valid_from: 'Gültig ab',
    valid_until: 'Gültig bis',
  },
  children_release_permissions: {
    ...ofChild,
    allowed: 'Darf allein gehen',
    weekdays: 'Wochentage',
    from_time: 'Ab',
    paper: 'Papierformular',
    created_by: createdBy,
  },
  children_pickup_changes: {
    ...ofChild,
    day: 'Tag',
    kind: 'Art',
    time: 'Uhrzeit',
    person: 'Person',
    created_by: createdBy,
  },
  children_health_notes: {
    ...ofChild,
    allergies: 'Allergien',
    medication: 'Medikamente',
    notes: 'Hinweise',
    emergency_contacts: 'Notfallkontakte',
    updated_at: null,
  },
  children_recurring_exceptions: {
    ...ofChild,
    weekday: 'Wochentag',
    present: 'Anwesend',
    release_time: 'Entlasszeit',
    comment: 'Kommentar',
  },
  children_exceptions: {
    ...ofChild,
    day: 'Tag',
    present: 'Anwesend',
    release_time: 'Entlasszeit',
    comment: 'Kommentar',
    by_parent: 'Von den Eltern',
    created_by: createdBy,
    active: 'Aktiv',
  },
  children_attendance: {
    ...ofChild,
    day: 'Tag',
    time_from: 'Gekommen',
    time_to: 'Gegangen',
    reason: 'Grund',
    picked_up_by: 'Abgeholt von',
    deleted_vorname: null,
    deleted_nachname: null,
    deleted_class: null,
    deleted_class_id: null,
    changed_at: null,
  },
  children_diary: { ...ofChild, day: 'Tag', text: 'Text' },
  children_documents: { ...ofChild, file_id: null, kind: 'Art', dokument: 'Dokument' },
  children_id_cards: {
    ...ofChild,
    photo_file_id: null,
    design: 'Gestaltung',
    face_auto: 'Gesicht automatisch',
    face_found: 'Gesicht erkannt',
    factor: null,
    offset_x: null,
    offset_y: null,
    qr_codes: 'QR-Codes',
    crop: null,
    photo_width: null,
    photo_height: null,
    preview: null,
  },
  children_health_proposals: {
    ...ofChild,
    allergies: 'Allergien',
    medication: 'Medikamente',
    notes: 'Hinweise',
    emergency_contacts: 'Notfallkontakte',
    state: 'Stand',
    proposed_by: { label: 'Vorgeschlagen von', ref: 'Benutzer' },
    proposed_at: null,
    decided_by: { label: 'Entschieden von', ref: 'Benutzer' },
    decided_at: 'Entschieden am',
  },
  children_consent_requests: {
    title: 'Titel',
    purpose: 'Zweck',
    text: 'Text',
    class_ids: { label: 'Klassen', ref: 'Klasse' },
    deadline: 'Frist',
    valid_until: 'Gültig bis',
    created_by: createdBy,
    created_at: null,
  },
  children_consents: {
    ...ofChild,
    request_id: null,
    agreed: 'Zugestimmt',
    answered_by: { label: 'Beantwortet von', ref: 'Benutzer' },
    answered_at: 'Beantwortet am',
  },
};

/** The current names of children ('Emma Schulz') and classes by id (ServerModule.protokollNames). */
export const childrenProtokollNames: Readonly<Record<string, ProtokollNames>> = {
  Kind: namesById((db, wanted) =>
    db
      .select({ id: children.id, name: sql<string>`concat_ws(' ', ${children.vorname}, ${children.nachname})` })
      .from(children)
      .where(inArray(children.id, wanted)),
  ),
  Klasse: namesById((db, wanted) =>
    db
      .select({ id: childClasses.id, name: childClasses.name })
      .from(childClasses)
      .where(inArray(childClasses.id, wanted)),
  ),
};
