import { bidiControls, detectFileKind, detectXmlKind, fileRules, validationMessages } from '@hortus/contract';
import type { FileKind, FileRule, UploadedFile } from '@hortus/contract';
import { invalid } from '../http/calls';
import { firstBytes } from './first-bytes';

/** An uploaded file judged by its content: its type and the name to store it under. */
export interface CheckedUpload {
  kind: FileKind;
  name: string;
}

/** The name a stored upload keeps: without folders and control characters, at most 200 characters. */
export function storedUploadName(filename: string, extension: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  const stem = base.replace(/\.[^.]*$/, '');
  return `${[...stem].slice(0, 200).join('') || 'Dokument'}.${extension}`;
}

/**
 * Checks an upload before it is stored: a name without bidi overrides, and a type judged by the first bytes
 * (never by the name or the browser's claim) that `rule` takes (XML only for a rule listing 'application/xml').
 * Else a validation error with the rule's German message on `field`. Answers the type and the name to store it under (the detected extension).
 */
export async function checkedUpload(
  file: UploadedFile,
  rule: FileRule = fileRules.pdfOrImage,
  field = 'file',
): Promise<CheckedUpload> {
  if (bidiControls.test(file.filename)) {
    throw invalid({ [field]: [validationMessages.charset] });
  }
  const head = await firstBytes(file.path, 64);
  const kind = detectFileKind(head) ?? (rule.mimes.includes('application/xml') ? detectXmlKind(head) : null);
  if (!kind || !rule.mimes.includes(kind.mime)) {
    throw invalid(field, rule.message);
  }
  return { kind, name: storedUploadName(file.filename, kind.endung) };
}
