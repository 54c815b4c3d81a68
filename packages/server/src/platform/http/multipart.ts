import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { messages } from '@hortus/contract';
import type { Db } from '../db/database';
import { loadSessionUser } from '../auth/session-user';
import { sendReply } from './dispatcher';

/** Largest file in a multipart upload (20 MB, docs/api.md); beyond it the call answers tooLarge (413). */
export const UPLOAD_FILE_LIMIT_BYTES = 20 * 1024 * 1024;

/** A file part as handlers receive it in the body (the contract's `uploadedFile`). */
export interface UploadedFilePart {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/**
 * Multipart bodies become plain objects before the dispatcher sees them: fields are strings, a file
 * is {filename, mimetype, data}; a repeated name becomes a list. So multipart calls are validated by
 * the same schemas as form calls. A broken body answers validationError, a file over the limit
 * tooLarge — never 500. Files are only read from a signed-in client: the session code must come as a
 * field before the first file (the web client sends it first), so an anonymous client cannot make the
 * server buffer uploads; the dispatcher then checks rights as for every call.
 */
export async function registerMultipart(fastify: FastifyInstance, fieldSizeLimit: number, db: Db): Promise<void> {
  await fastify.register(multipart, {
    limits: { fileSize: UPLOAD_FILE_LIMIT_BYTES, files: 10, fields: 50, fieldSize: fieldSizeLimit, parts: 60 },
  });
  fastify.addHook('preValidation', async (request, reply) => {
    if (!request.isMultipart()) return;
    // No prototype: a part named __proto__ is just a field.
    const body = Object.create(null) as Record<string, unknown>;
    let signedIn = false;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file' && !signedIn) {
          const code = body['code'];
          signedIn = typeof code === 'string' && code !== '' && (await loadSessionUser(db, code)) !== null;
          if (!signedIn) return sendReply(reply, { status: 'accessError', message: messages.accessDenied });
        }
        const value: unknown =
          part.type === 'file'
            ? ({ filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() } as UploadedFilePart)
            : part.value;
        const previous = body[part.fieldname];
        body[part.fieldname] =
          previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
      }
    } catch (error) {
      const isTooLarge = (error as { statusCode?: number }).statusCode === 413;
      return sendReply(
        reply,
        isTooLarge
          ? { status: 'tooLarge', message: messages.requestTooLarge }
          : { status: 'validationError', message: messages.malformedRequest, errors: {} },
      );
    }
    request.body = body;
  });
}
