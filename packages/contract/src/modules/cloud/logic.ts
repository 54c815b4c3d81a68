import { conditionAllows } from '../../platform/conditions';
import { isSlotAdmin, type SlotUser } from '../../platform/slots';
import { formatGermanDateTime } from '../../platform/local-time';
import type { CloudConditions } from './calls';
import { cloudRights } from './definition';
import { detectFileKind, type FileKind } from '../../platform/uploads';

export interface CloudSlotRights {
  sehen: boolean;
  upload: boolean;
  bearbeiten: boolean;
}

/**
 * What a user may do in a slot. bearbeiten (slot admin, the shared slot rule: condition or
 * x|130|000|adm) implies upload, upload implies sehen (docs/architecture.md, Slots and Cloud).
 */
export function cloudSlotRights(conditions: CloudConditions, user: SlotUser): CloudSlotRights {
  const bearbeiten = isSlotAdmin(conditions.bearbeiten, user, cloudRights);
  const upload = bearbeiten || conditionAllows(conditions.upload, user);
  const sehen = upload || conditionAllows(conditions.sehen, user);
  return { sehen, upload, bearbeiten };
}

export type CloudFileKind = FileKind;

/**
 * The type of an uploaded file judged by its first bytes (never by its name or the browser's claim):
 * PDF, PNG, JPEG, GIF or WebP; null for anything else (the platform's rule, shared with module 200).
 */
export const detectCloudFileKind = detectFileKind;

/**
 * The title of an uploaded file: its name without folders and extension, control characters
 * removed, at most 200 characters; 'Datei' when nothing is left.
 */
export function cloudFileTitle(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  // eslint-disable-next-line no-control-regex
  const clean = stem.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...clean].slice(0, 200).join('') || 'Datei';
}

/** 'DD.MM.YYYY HH:MM' in German local time. */
export const germanDateTime = (ms: number): string => formatGermanDateTime(ms);

/** The address a slot's QR code encodes (and the slot dialog's route). */
export function cloudSlotAddress(appAddress: string, slotId: number): string {
  return `${appAddress.replace(/\/+$/, '')}/130?s=${slotId}`;
}
