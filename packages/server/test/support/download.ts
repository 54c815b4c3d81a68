import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { platformCalls } from '@hortus/contract';

/** A file a call kept for the caller (its `file` field), fetched through download.php as the web does. */
export async function fetchStored(app: FastifyInstance, code: string, file: string): Promise<Buffer> {
  const response = await app.inject({
    method: 'POST',
    url: platformCalls.download.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ code, file }).toString(),
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}
