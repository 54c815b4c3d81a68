import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { BODY_LIMIT_BYTES, securityHeaders } from '../packages/server/src/app';
import { runAutocannon, type LoadResult } from './load';

/**
 * The limit a call can approach: `reply` served from memory as bytes, with our security headers and form
 * parsing, under the same load as the call (what is left is Fastify, the headers and the socket).
 */
export async function loadFromMemory(
  reply: string,
  options: { connections: number; seconds: number; body: string },
): Promise<LoadResult> {
  const app = Fastify({ bodyLimit: BODY_LIMIT_BYTES });
  const headers = await securityHeaders();
  app.addHook('onRequest', (_request, response, done) => {
    response.headers(headers);
    done();
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  const bytes = Buffer.from(reply);
  app.post('/memory', async (_request, response) =>
    response.header('cache-control', 'no-store').header('content-type', 'application/json; charset=utf-8').send(bytes),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  try {
    return await runAutocannon({
      url: `http://127.0.0.1:${port}/memory`,
      method: 'POST',
      body: options.body,
      contentType: 'application/x-www-form-urlencoded',
      connections: options.connections,
      seconds: options.seconds,
    });
  } finally {
    await app.close();
  }
}
