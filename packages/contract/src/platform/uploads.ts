import { z } from 'zod';

/**
 * A file part as the server's multipart parser hands it over: streamed to a temporary file. Only the
 * parser can make one (it carries the `uploadedFileMark` symbol, which no JSON or form body can), so a
 * client can never name a server path as "its file".
 */
export const uploadedFileMark: unique symbol = Symbol('hortus.uploadedFile');
export interface UploadedFile {
  readonly [uploadedFileMark]: true;
  filename: string;
  mimetype: string;
  /** The temporary file on the server (removed after the call). */
  path: string;
  size: number;
}
export const uploadedFile = z.custom<UploadedFile>(
  (value) => typeof value === 'object' && value !== null && (value as Partial<UploadedFile>)[uploadedFileMark] === true,
  { error: (issue) => (issue.input === undefined ? 'Bitte angeben.' : 'Bitte eine Datei wählen.') },
);

/** Which files an upload field takes (judged by content on the server) and the German message otherwise. */
export interface FileRule {
  /** MIME types the field takes; the file picker's `accept`. */
  readonly mimes: readonly string[];
  readonly message: string;
}

export const fileRules = {
  pdfOrImage: {
    mimes: ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    message: 'Nur PDF-Dateien und Bilder (PNG, JPEG, GIF, WebP) sind erlaubt.',
  },
  /** PDFs and photos (no GIF): e.g. attachments of messages (120). */
  pdfOrPhoto: {
    mimes: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
    message: 'Nur PDF-Dateien und Bilder (PNG, JPEG, WebP) sind erlaubt.',
  },
  jpeg: { mimes: ['image/jpeg'], message: 'Nur JPEG-Fotos sind erlaubt.' },
} as const satisfies Record<string, FileRule>;

const rulesOfFields = new WeakMap<object, FileRule>();

/** An upload field that takes only files of `rule` (the web's FilePickerButton reads the rule from the call). */
export function uploadedFileOf(rule: FileRule) {
  const field = uploadedFile.refine(() => true);
  rulesOfFields.set(field, rule);
  return field;
}

/** The rule of an upload field made by uploadedFileOf (optional or not), if any. */
export function fileRuleOf(field: unknown): FileRule | undefined {
  let current: unknown = field;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth += 1) {
    const rule = rulesOfFields.get(current);
    if (rule) return rule;
    current = (current as { unwrap?: () => unknown }).unwrap?.();
  }
  return undefined;
}

/** True when a file of this MIME type (as the browser names it) may be sent to a field of `rule`. */
export function fileMatchesRule(rule: FileRule, mime: string): boolean {
  return rule.mimes.includes(mime);
}

/**
 * An XML document judged by its first bytes: a UTF-8 byte order mark and white space may come first, then
 * the XML declaration or an element. Only fields whose rule lists 'application/xml' take one (checkedUpload).
 */
export function detectXmlKind(bytes: Uint8Array): FileKind | null {
  let start = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (start < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[start] as number)) start += 1;
  const next = bytes[start + 1] ?? 0;
  const element = (next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a) || next === 0x5f;
  if (bytes[start] === 0x3c && (startsWith(bytes, ascii('<?xml'), start) || element)) {
    return { mime: 'application/xml', endung: 'xml' };
  }
  return null;
}

/** A file type judged by content. */
export type FileKind = { mime: string; endung: string };

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The type of an uploaded file judged by its first bytes (never by its name or the browser's claim):
 * PDF, PNG, JPEG, GIF or WebP; null for anything else.
 */
export function detectFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, ascii('%PDF-'))) return { mime: 'application/pdf', endung: 'pdf' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', endung: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', endung: 'jpg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return { mime: 'image/gif', endung: 'gif' };
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { mime: 'image/webp', endung: 'webp' };
  }
  return null;
}
