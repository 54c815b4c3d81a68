import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
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
    rolldownOptions: {
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
