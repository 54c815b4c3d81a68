import fs from 'node:fs';
import { defineActions, defineCallSpec, getOrSaveRequest, platformCalls } from '@hortus/contract';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from '../../src/app';
import { defineCall, CallError, withJsonBody, type AppContext } from '../../src/platform/http/calls';
import { registerCalls } from '../../src/platform/http/dispatcher';
import { createUser } from '../../src/seed/factories';
import { writeAppSettings } from '../../src/platform/settings/app-settings';
import { startTestServer, type TestServer } from '../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('unknown paths and bad requests', () => {
  it('answers 404 JSON for unknown API paths, funcs and methods', async () => {
    const cases = [
      await server.app.inject({ method: 'POST', url: '/_api/nichts/' }),
      await server.app.inject({ method: 'POST', url: `${platformCalls.login.path}?func=gibtsnicht` }),
      await server.app.inject({ method: 'GET', url: platformCalls.login.url }),
      await server.app.inject({ method: 'POST', url: '/_api/login/' }),
    ];
    for (const reply of cases) {
      expect(reply.statusCode).toBe(404);
      expect(reply.headers['content-type']).toContain('application/json');
      expect(JSON.parse(reply.body).status).toBe('notFound');
    }
  });

  it('answers 404 JSON for unknown pages when no web build is present', async () => {
    const reply = await server.app.inject({ method: 'GET', url: '/irgendwas/unbekannt' });
    expect(reply.statusCode).toBe(404);
    expect(JSON.parse(reply.body)).toEqual({ status: 'notFound', message: 'Seite nicht gefunden' });
  });

  it('never answers 500 for malformed bodies', async () => {
    const payloads = [
      { type: 'application/json', body: '{kaputt' },
      { type: 'application/json', body: '[1,2,3]' },
      { type: 'application/json', body: '"text"' },
      { type: 'text/plain', body: 'nn=a&pw=b' },
      { type: 'application/xml', body: '<a/>' },
      { type: 'application/x-www-form-urlencoded', body: '%%%' },
      { type: 'application/json', body: JSON.stringify({ nn: { $ne: 1 }, pw: ['a'] }) },
    ];
    for (const { type, body } of payloads) {
      const reply = await server.app.inject({
        method: 'POST',
        url: platformCalls.login.url,
        headers: { 'content-type': type },
        payload: body,
      });
      expect(reply.statusCode, `${type} ${body}`).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, `${type} ${body}`).toBeLessThan(500);
      expect(['validationError', 'invalid']).toContain(JSON.parse(reply.body).status);
    }
  });

  it('refuses text with a NUL character as bad input, in plain fields and inside JSON fields', async () => {
    const inCode = await server.post(platformCalls.getSettings.url, { code: 'ab\u0000cd' });
    expect(inCode.statusCode).toBe(400);
    expect(inCode.body.errors).toEqual({ code: ['Enthält unerlaubte Zeichen'] });
    const inJson = await server.app.inject({
      method: 'POST',
      url: platformCalls.login.url,
      headers: { 'content-type': 'application/json' },
      payload: '{"nn":"admin","pw":"a\\u0000b"}',
    });
    expect(inJson.statusCode).toBe(400);
    expect(JSON.parse(inJson.body).errors).toEqual({ pw: ['Enthält unerlaubte Zeichen'] });
  });

  it('accepts JSON bodies like form bodies', async () => {
    const reply = await server.app.inject({
      method: 'POST',
      url: platformCalls.login.url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ nn: 'admin', pw: 'Admin#Passwort1' }),
    });
    expect(JSON.parse(reply.body).status).toBe('success');
  });

  it('refuses bodies over the size limit with tooLarge', async () => {
    const reply = await server.app.inject({
      method: 'POST',
      url: platformCalls.login.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `nn=a&pw=${'x'.repeat(BODY_LIMIT_BYTES + 10)}`,
    });
    expect(reply.statusCode).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ status: 'tooLarge', message: 'Die Anfrage ist zu groß.' });
  });
});

describe('security headers', () => {
  it('sends a CSP, no-sniff and frame options on every answer', async () => {
    const reply = await server.app.inject({ method: 'POST', url: platformCalls.loginScreen.url });
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    expect(reply.headers['content-security-policy']).toContain("script-src 'self'");
    expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['cache-control']).toBe('no-store');
  });
});

describe('replies sent in parts', () => {
  it('writes the parts as one body with its length, the status and the same headers as a whole reply', async () => {
    const fastify = Fastify();
    await fastify.register(formbody);
    fastify.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-frame-options', 'DENY');
      done();
    });
    const spec = defineCallSpec({
      path: '/_api/parts/',
      func: 'load',
      request: { teile: z.coerce.boolean().default(true) },
      reply: z.object({ status: z.literal('success'), text: z.string(), zahl: z.number() }),
    });
    const text = 'Grüße aus dem Hort – '.repeat(4000);
    const tail = Buffer.from(`,"text":${JSON.stringify(text)}}`);
    registerCalls(fastify, server.context, [
      defineCall(spec).forPublic({
        async handle({ input }) {
          const reply = { status: 'success' as const, zahl: 7, text };
          const head = '{"status":"success","zahl":7';
          return withJsonBody(reply, input.teile ? [head, tail] : Buffer.concat([Buffer.from(head), tail]));
        },
      }),
    ]);
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = fastify.server.address() as { port: number };
      const load = async (teile: boolean) =>
        fetch(`http://127.0.0.1:${port}/_api/parts/?func=load`, {
          method: 'POST',
          // Uncompressed: the compressed parts are compression.test.ts's subject.
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'identity' },
          body: teile ? 'teile=1' : 'teile=',
        });
      const inParts = await load(true);
      const whole = await load(false);
      const bytes = Buffer.from(await inParts.arrayBuffer());
      expect(inParts.status).toBe(200);
      expect(JSON.parse(bytes.toString('utf8'))).toEqual({ status: 'success', zahl: 7, text });
      expect(Number(inParts.headers.get('content-length'))).toBe(bytes.length);
      expect(bytes.equals(Buffer.from(await whole.arrayBuffer()))).toBe(true);
      const headersOf = (reply: Response) =>
        [...reply.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive' && name !== 'connection');
      expect(headersOf(inParts)).toEqual(headersOf(whole));
      expect(inParts.headers.get('x-frame-options')).toBe('DENY');
      expect(inParts.headers.get('cache-control')).toBe('no-store');
      // Through inject (the tests' client) the same bytes arrive.
      const injected = await fastify.inject({
        method: 'POST',
        url: '/_api/parts/?func=load',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'teile=1',
      });
      expect(injected.rawPayload.equals(bytes)).toBe(true);
    } finally {
      await fastify.close();
    }
  });
});

describe('web app serving', () => {
  it('serves index.html for client routes, assets, and a manifest from the app settings', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Hortus</title>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc.js'), 'console.log(1)');
    const withWeb = await startTestServer({ webDist });
    try {
      for (const url of ['/', '/999-100', '/gibt/es/nicht']) {
        const page = await withWeb.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('<title>Hortus</title>');
      }
      const asset = await withWeb.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const missingAsset = await withWeb.app.inject({ method: 'GET', url: '/assets/fehlt.js' });
      expect(missingAsset.statusCode).toBe(404);
      // The page carries the login screen's data; a change of the app settings reaches the next page.
      const carried = /<script id="login-screen-data" type="application\/json">(.*?)<\/script>/.exec(
        (await withWeb.app.inject({ method: 'GET', url: '/' })).body,
      );
      expect(JSON.parse(carried?.[1] ?? 'null')).toMatchObject({ app_titel: 'Hortus' });
      await writeAppSettings(withWeb.database.db, {
        app_titel: 'Hort </script><b>$&',
        loginscreen_welcomeText: 'Willkommen </script>',
      });
      const changed = (await withWeb.app.inject({ method: 'GET', url: '/999-100' })).body;
      expect(changed).toContain('<title>Hort &lt;/script&gt;&lt;b&gt;$&amp;</title>');
      expect(changed.match(/<\/script>/g)).toHaveLength(1);
      const block = /<script id="login-screen-data" type="application\/json">(.*?)<\/script>/.exec(changed);
      expect(JSON.parse(block?.[1] ?? 'null')).toMatchObject({
        app_titel: 'Hort </script><b>$&',
        loginscreen_welcomeText: 'Willkommen </script>',
      });
      const manifest = await withWeb.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      const json = JSON.parse(manifest.body);
      expect(json).toMatchObject({
        name: 'Hort </script><b>$&',
        theme_color: '#2e7d32',
        lang: 'de',
        display: 'standalone',
      });
      expect(json.icons).toHaveLength(3);
    } finally {
      await withWeb.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('keeps the login chunk preload links on the login page only', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      [
        '<!doctype html><html><head><title>Hortus</title>',
        '    <link rel="modulepreload" crossorigin href="/assets/index-a.js">',
        '    <meta name="login-route-preload" content="/assets/login-page-b.js /assets/Stack-c.js" />',
        '  </head><body></body></html>',
      ].join('\n'),
    );
    const withWeb = await startTestServer({ webDist });
    try {
      const login = (await withWeb.app.inject({ method: 'GET', url: '/' })).body;
      expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/login-page-b.js">');
      expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/Stack-c.js">');
      expect(login).not.toContain('login-route-preload');
      for (const url of ['/000', '/110?x=1', '/gibt/es/nicht']) {
        const page = (await withWeb.app.inject({ method: 'GET', url })).body;
        expect(page, url).not.toContain('login-route-preload');
        expect(page, url).not.toContain('login-page-b.js');
        expect(page, url).toContain('href="/assets/index-a.js"');
        expect(page, url).toContain('login-screen-data');
      }
    } finally {
      await withWeb.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('dispatcher', () => {
  it('reads the query and the body as fields, and a __proto__ field as nothing', async () => {
    const fastify = Fastify();
    await fastify.register(formbody);
    const spec = defineCallSpec({
      path: '/_api/echo/',
      func: 'echo',
      // A field named like an array's property: read from an inherited array it would be a number.
      request: { name: z.string().default(''), seite: z.string().default(''), length: z.string().optional() },
      reply: z.object({ status: z.literal('success'), name: z.string(), seite: z.string(), geerbt: z.boolean() }),
    });
    registerCalls(fastify, server.context, [
      defineCall(spec).forPublic({
        async handle({ input }) {
          const inherited = input.length !== undefined;
          return { status: 'success', name: input.name, seite: input.seite, geerbt: inherited };
        },
      }),
    ]);
    const echo = async (query: string, body: string) =>
      JSON.parse(
        (
          await fastify.inject({
            method: 'POST',
            url: `/_api/echo/?func=echo${query}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: body,
          })
        ).body,
      );
    expect(await echo('&seite=2', 'name=Ada')).toEqual({ status: 'success', name: 'Ada', seite: '2', geerbt: false });
    // The body wins over the query for the same field.
    expect(await echo('&name=Query', 'name=Body')).toMatchObject({ name: 'Body' });
    expect(await echo('&__proto__=a&__proto__=b', '__proto__=x&__proto__=y&name=Ada')).toEqual({
      status: 'success',
      name: 'Ada',
      seite: '',
      geerbt: false,
    });
  });

  it('checks the declared right (noRight, 403, no data), then validates, then runs the handler', async () => {
    const fastify = Fastify();
    await fastify.register(formbody);
    const app: AppContext = server.context;
    let handled = 0;
    const secretSpec = defineCallSpec({
      path: '/_api/test/',
      func: 'secret',
      request: { zahl: z.coerce.number().int().min(1) },
      reply: z.object({ status: z.literal('success'), geheim: z.number() }),
    });
    registerCalls(fastify, app, [
      defineCall(secretSpec).forSession({
        rights: ['x|555|000'],
        async handle({ input }) {
          handled++;
          if (input.zahl === 13) throw new CallError('validationError', 'Unglückszahl', { zahl: ['Nicht 13.'] });
          return { status: 'success', geheim: input.zahl * 2 };
        },
      }),
    ]);
    const allowed = await createUser(server.database.db, { rechteSolo: ['x|555|000|010'] });
    const denied = await createUser(server.database.db, { rechteSolo: ['x|555'] });
    const allowedCode = await server.login(allowed.nn, allowed.password);
    const deniedCode = await server.login(denied.nn, denied.password);
    const call = async (fields: Record<string, string>) => {
      const reply = await fastify.inject({
        method: 'POST',
        url: '/_api/test/?func=secret',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      return { statusCode: reply.statusCode, body: JSON.parse(reply.body) };
    };
    const noRight = await call({ code: deniedCode, zahl: '2' });
    expect(noRight).toEqual({ statusCode: 403, body: { status: 'noRight', message: 'Zugriff verweigert' } });
    expect((await call({ code: '', zahl: '2' })).body.status).toBe('accessError');
    const bad = await call({ code: allowedCode, zahl: '0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.errors.zahl).toHaveLength(1);
    expect(handled).toBe(0);
    expect(await call({ code: allowedCode, zahl: '21' })).toEqual({
      statusCode: 200,
      body: { status: 'success', geheim: 42 },
    });
    const thrown = await call({ code: allowedCode, zahl: '13' });
    expect(thrown).toEqual({
      statusCode: 400,
      body: { status: 'validationError', message: 'Unglückszahl', errors: { zahl: ['Nicht 13.'] } },
    });
    await fastify.close();
  });

  it('checks the right of each action, loads for an empty action field and prefixes service errors', async () => {
    const fastify = Fastify();
    await fastify.register(formbody);
    const actions = defineActions({
      rename: { data: z.object({ name: z.string() }) },
      purge: { data: z.object({}), rights: ['x|556|set'] },
    });
    const spec = defineCallSpec({
      path: '/_api/test/',
      queryKey: 'getOrSaveSettings',
      request: getOrSaveRequest(actions),
      reply: z.object({ status: z.literal('success'), done: z.string() }),
    });
    registerCalls(fastify, server.context, [
      defineCall(spec).forSession({
        rights: ['x|556'],
        async handle({ input }) {
          const action = input.dataToSave;
          if (action?.type === 'rename' && action.data.name === 'x') {
            throw new CallError('validationError', 'Name ungültig', { name: ['Zu kurz.'] });
          }
          return { status: 'success', done: action?.type ?? 'load' };
        },
      }),
    ]);
    const user = await createUser(server.database.db, { rechteSolo: ['x|556|000'] });
    const userCode = await server.login(user.nn, user.password);
    const post = async (fields: Record<string, string>) =>
      JSON.parse(
        (
          await fastify.inject({
            method: 'POST',
            url: spec.url,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({ code: userCode, ...fields }).toString(),
          })
        ).body,
      ) as Record<string, unknown>;
    expect(await post({})).toEqual({ status: 'success', done: 'load' });
    expect(await post({ dataToSave: '' })).toEqual({ status: 'success', done: 'load' });
    expect(await post({ dataToSave: '{"type":"rename","data":{"name":"a"}}' })).toEqual({
      status: 'success',
      done: 'rename',
    });
    expect((await post({ dataToSave: '{"type":"purge","data":{}}' })).status).toBe('noRight');
    expect(await post({ dataToSave: '{"type":"rename","data":{"name":"x"}}' })).toEqual({
      status: 'validationError',
      message: 'Name ungültig',
      errors: { 'dataToSave.data.name': ['Zu kurz.'] },
    });
    await fastify.close();
  });
});
