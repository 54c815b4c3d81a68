import type { AppContext, FileReply } from '../http/calls';
import { TEMP_AREA, storeFile } from './files';

/** A file the server made for the caller (a PDF, a CSV export, …). */
export interface GeneratedFile {
  /** Name the browser saves it under, e.g. 'QR-Code-Elternbriefe.pdf'. */
  name: string;
  mime: string;
  /** Text is sent as UTF-8. */
  bytes: Buffer | string;
}

/**
 * How the file leaves: `reply` — it is the answer of this call (the client downloads the call itself,
 * e.g. a GET link); `download` with a `key` — kept for the caller alone under `temp/<user id>/<key>`
 * (the same key replaces the previous file) and fetched through download.php; `download` with `area`
 * and `path` — kept in a module's file area, without an owner, whose access rule decides who may fetch it.
 */
export type FileOffer =
  { via: 'reply' } | { via: 'download'; key: string } | { via: 'download'; area: string; path: string };

/** Where a kept file can be fetched: `file` is the field for download.php, `name` the name it saves as. */
export interface OfferedFile {
  file: string;
  name: string;
}

interface OfferContext {
  app: AppContext;
  user: { id: number };
}

/** The one way generated files go out (see {@link FileOffer}). */
export function offerFile(ctx: OfferContext, file: GeneratedFile, offer: { via: 'reply' }): Promise<FileReply>;
export function offerFile(
  ctx: OfferContext,
  file: GeneratedFile,
  offer: Exclude<FileOffer, { via: 'reply' }>,
): Promise<OfferedFile>;
export async function offerFile(
  ctx: OfferContext,
  file: GeneratedFile,
  offer: FileOffer,
): Promise<FileReply | OfferedFile> {
  const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'utf8') : file.bytes;
  if (offer.via === 'reply') return { kind: 'file', downloadName: file.name, mime: file.mime, bytes };
  if ('key' in offer && (offer.key === '' || /[/\\]|^\.\.?$/.test(offer.key))) {
    throw new Error(`offerFile: the key '${offer.key}' must be a plain file name.`);
  }
  const kept =
    'key' in offer
      ? { area: TEMP_AREA, path: `${TEMP_AREA}/${ctx.user.id}/${offer.key}` }
      : { area: offer.area, path: offer.path };
  const stored = await storeFile(ctx.app, {
    ...kept,
    // A temp file is its owner's alone; a document kept in a module's area belongs to its record, not to
    // whoever happened to make it (so it is not part of that user's Datenauskunft).
    ownerUserId: 'key' in offer ? ctx.user.id : null,
    originalName: file.name,
    mime: file.mime,
    bytes,
  });
  return { file: stored.path, name: file.name };
}
