import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages, loginScreenDataId, type LoginScreenData } from '@hortus/contract';
import type { Db } from '../db/database';
import { loginScreenOf, readAppSettings } from '../settings/app-settings';
import { rememberForOrg } from '../settings/org-data';
import { sendReply } from './dispatcher';

/**
 * Serves the built web app: hashed assets with long caching, index.html for every client route
 * (React Router decides what to show, including its not-found page), and the web manifest built
 * from the app settings so the installed app carries the organisation's title and colour.
 */
/** A page that embeds other sites' https pages: its URL test and the security policy its document gets. */
export interface FramingPages {
  matches: (url: string) => boolean;
  contentSecurityPolicy: string;
}

/** The app's security policy with https frames allowed (`frame-src 'self' https:`), for framing pages only. */
export function withHttpsFrames(contentSecurityPolicy: string): string {
  const directives = contentSecurityPolicy
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('frame-src'));
  return [...directives, "frame-src 'self' https:"].join(';');
}

export async function registerWebApp(
  fastify: FastifyInstance,
  db: Db,
  webDist: string | null,
  framing?: FramingPages,
): Promise<void> {
  fastify.get('/manifest.webmanifest', async (_request, reply) => {
    const settings = await readAppSettings(db);
    return reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send({
        name: settings.app_titel,
        short_name: settings.app_titel.slice(0, 12),
        description: settings.app_untertitel || settings.app_titel,
        lang: 'de',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: settings.app_theme_color_primary,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      });
  });

  const indexHtml = webDist ? path.join(webDist, 'index.html') : null;
  const template = indexHtml && fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml, 'utf8') : null;
  // The page carries the login screen's data, so the first paint already shows the organisation's title,
  // texts and colours (nothing moves when they arrive); kept until the app settings change.
  // The login page ('/') also preloads the login chunks; every other route's page names none.
  const pageHtml = (source: string, loginRoute: boolean) =>
    rememberForOrg(db, loginRoute ? 'index-html-login' : 'index-html-app', (org) =>
      withLoginRoutePreload(withLoginScreen(source, loginScreenOf(org.settings)), loginRoute),
    );
  if (webDist && indexHtml && fs.existsSync(indexHtml)) {
    await fastify.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz next to each asset (packages/web/scripts/compress.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (name === 'sw.js' || name.endsWith('.html') || name.startsWith('workbox-')) {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  fastify.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isPageRequest =
      request.method === 'GET' && !url.startsWith('/_api/') && !path.extname(url) && indexHtml !== null;
    if (isPageRequest && template !== null) {
      if (framing?.matches(request.url)) reply.header('content-security-policy', framing.contentSecurityPolicy);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(await pageHtml(template, url === '/'));
    }
    return sendReply(reply, {
      status: 'notFound',
      message: url.startsWith('/_api/') ? messages.unknownCall : messages.notFound,
    });
  });
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => htmlEscapes[c] ?? c);

/**
 * The page with the login screen's data as a JSON data block (never executed, so the CSP is untouched;
 * '<' is escaped so no text can close the element), the organisation's title and theme colour.
 */
export function withLoginScreen(template: string, data: LoginScreenData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const block = `<script id="${loginScreenDataId}" type="application/json">${json}</script>`;
  const page = template
    // Replacement functions: a '$' in the organisation's texts stays literal.
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(data.app_titel || 'Hortus')}</title>`)
    .replace(
      /(<meta name="theme-color" content=")[^"]*(")/,
      (_match, start: string, end: string) => `${start}${escapeHtml(data.app_theme_color_primary)}${end}`,
    );
  return page.includes('</head>') ? page.replace('</head>', () => `${block}\n  </head>`) : `${page}${block}`;
}

const loginRoutePreloadMeta = /[ \t]*<meta name="login-route-preload" content="([^"]*)"\s*\/?>\r?\n?/;

/**
 * The page with the web build's `login-route-preload` list (the login page's own chunks, see
 * packages/web/vite.config.ts) as `modulepreload` links when `preload` (the login route), else without
 * it: the app's routes never run the login page, so they do not fetch and compile its code.
 */
export function withLoginRoutePreload(page: string, preload: boolean): string {
  return page.replace(loginRoutePreloadMeta, (_match, content: string) =>
    preload
      ? content
          .split(' ')
          .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file))
          .map((file) => `    <link rel="modulepreload" crossorigin href="${file}">\n`)
          .join('')
      : '',
  );
}

/** Locates packages/web/dist from the sources or from the bundled server. */
export function findWebDist(explicit: string | undefined): string | null {
  if (explicit) return path.resolve(explicit);
  let dir = path.dirname(new URL(import.meta.url).pathname);
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'packages', 'web', 'dist');
    if (fs.existsSync(candidate)) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (fs.existsSync(sibling)) return sibling;
    dir = path.dirname(dir);
  }
  return null;
}
