import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const apiServer = 'http://127.0.0.1:3000';

/**
 * The login page is a lazy chunk (the app's pages never load it), so on a first visit its code would be
 * requested only after the entry script ran: one more round trip before the first paint on a slow
 * connection. This names the login chunk and the chunks it imports (those the entry does not already
 * preload) in a `<meta name="login-route-preload">` of index.html; the server turns it into
 * `modulepreload` links on `/` and drops it from every other route's page (and the service worker's copy
 * of the page, fetched as built, preloads nothing).
 */
function loginRoutePreload(): Plugin {
  return {
    name: 'hortus-login-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: string[]) => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            if (seen.has(file)) return;
            seen.add(file);
            for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
          };
          start.forEach(visit);
          return seen;
        };
        const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const login = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/platform/login/login-page.tsx'));
        if (!login) throw new Error('login-page chunk not found for the login route preload');
        const files = [...closure([login.fileName])].filter((file) => !entry.has(file)).map((file) => `/${file}`);
        return html.replace('</head>', `  <meta name="login-route-preload" content="${files.join(' ')}" />\n  </head>`);
      },
    },
  };
}

/**
 * The chunks that lazily import the start of every page (entry, router, login page): their dynamic imports
 * keep Vite's `modulepreload` links, which fetch a chunk's imports in parallel on a first visit. Every
 * other dynamic import (the app shell's module chunks, a module's tabs and dialogs) loads without: each
 * of those links costs the main thread about a millisecond when appended — 30 to 50 of them on every
 * start of a module page, one of its longest tasks on a phone (issue 21). Those chunks come from the
 * service worker's precache; only the first page after a device's first login, before the worker has
 * precached, fetches them in rounds (one per level of imports).
 */
const startPath = /(^|\/)(index|router|login-page)-[\w-]+\.js$/;

export default defineConfig({
  plugins: [
    react(),
    loginRoutePreload(),
    VitePWA({
      // Our own service worker (src/sw.ts): Workbox precaching and navigation fallback plus push handling.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      // We register the service worker ourselves (src/app/register-service-worker.ts): no inline script.
      injectRegister: false,
      // The server serves /manifest.webmanifest dynamically (app title and theme colour from the settings).
      manifest: false,
      // API data is never cached by the service worker (src/sw.ts has no runtime caching); the persisted
      // query cache handles it. Navigations fall back to index.html except /_api and the manifest.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,woff,woff2}'],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: {
      resolveDependencies: (_file, deps, context) =>
        context.hostType === 'html' || startPath.test(context.hostId) ? deps : [],
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes into the entry's chunk: every page loads it all
          // anyway, and as eleven small shared chunks it cost a first visit on HTTP/1.1 (six connections)
          // about two more round trips before the login page could paint (issue 21: / went from 22 scripts
          // to 11, 147.0 to 141.0 KB gzip, Lighthouse LCP 2.40–2.63 s to 2.22–2.28 s).
          groups: [{ name: 'start', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // The contract is pure (schemas, constants, functions): a module whose exports are unused is
        // dropped, so importing `messages` does not pull zod into the login route.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      '/_api': apiServer,
      '/manifest.webmanifest': apiServer,
    },
  },
});
