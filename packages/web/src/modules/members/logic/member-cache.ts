import {
  getMitgliederlisteReply,
  memberDetail,
  memberSettings,
  membersStorageKeys,
  type GetMitgliederlisteReply,
  type MemberDetail,
  type MemberSettings,
} from '@hortus/contract/modules/members';
import { readStorage, writeStorage } from '../../../platform/session/storage';

/** The member list as cached: the members and the list's columns. */
export type MemberList = Pick<GetMitgliederlisteReply, 'nutzer' | 'spalten'>;

/** The device cache of the directory (local storage key f100): the last server replies. */
export interface MemberCache {
  liste: MemberList | null;
  details: Readonly<Record<string, MemberDetail>>;
  settings: MemberSettings | null;
}

export const emptyMemberCache: MemberCache = { liste: null, details: {}, settings: null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads f100. Each part is checked against the contract schema: a damaged or outdated part is
 * dropped, the others stay usable.
 */
export function readMemberCache(): MemberCache {
  const text = readStorage(membersStorageKeys.cache);
  if (text === null) return emptyMemberCache;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return emptyMemberCache;
  }
  if (!isRecord(raw)) return emptyMemberCache;
  const liste = getMitgliederlisteReply.safeParse({ ...(isRecord(raw.liste) ? raw.liste : {}), status: 'success' });
  const details: Record<string, MemberDetail> = {};
  if (isRecord(raw.details)) {
    for (const [id, value] of Object.entries(raw.details)) {
      const detail = memberDetail.safeParse(value);
      if (detail.success) details[id] = detail.data;
    }
  }
  const settings = memberSettings.safeParse(raw.settings);
  return {
    liste: liste.success ? { nutzer: liste.data.nutzer, spalten: liste.data.spalten } : null,
    details,
    settings: settings.success ? settings.data : null,
  };
}

function writeMemberCache(cache: MemberCache): void {
  writeStorage(membersStorageKeys.cache, JSON.stringify(cache));
}

export function cacheMemberList(list: MemberList): void {
  writeMemberCache({ ...readMemberCache(), liste: { nutzer: list.nutzer, spalten: list.spalten } });
}

export function cacheMemberDetail(detail: MemberDetail): void {
  const cache = readMemberCache();
  writeMemberCache({ ...cache, details: { ...cache.details, [detail.id]: detail } });
}

export function cacheMemberSettings(settings: MemberSettings): void {
  writeMemberCache({ ...readMemberCache(), settings: { anzeigeGruppen: [...settings.anzeigeGruppen] } });
}

export function cachedMemberList(): MemberList | null {
  return readMemberCache().liste;
}

export function cachedMemberDetail(id: number): MemberDetail | null {
  return readMemberCache().details[id] ?? null;
}

export function cachedMemberSettings(): MemberSettings | null {
  return readMemberCache().settings;
}
