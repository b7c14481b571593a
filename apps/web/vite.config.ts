import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { finishBuild } from './build/finish-build';
import { pwaOptions } from './build/pwa';

/** The landing page's own script, a second entry of the build (decision 049). */
const LANDING_SCRIPT = 'src/landing.ts';
/** The signed-in area's first script, before the app's entry in app-shell.html (decision 049). */
const APP_BOOT_SCRIPT = 'src/app-boot.ts';

/**
 * React Router's package sends every bundler to its development build, whose warnings (and their
 * texts) reach the production bundle: remix-run/react-router#12532 and #14102. Its production
 * build is the same code with them off. `npm run check:budgets` fails if the development build
 * comes back.
 */
const REACT_ROUTER_PRODUCTION = path.resolve(
  import.meta.dirname,
  '../../node_modules/react-router/dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    finishBuild({
      // The landing page, rendered ahead, and its own script instead of the app (decision 049).
      prerender: { '/home/landing': { script: LANDING_SCRIPT } },
      // The app's frame on every /app page, and the start page's code (src/app/router.tsx).
      appShell: {
        script: APP_BOOT_SCRIPT,
        routeCode: {
          '*': ['src/app/routes/app/app-layout.tsx'],
          // The dashboard, and the bodies of the dialogs it opens by itself (src/app/dialogs.tsx
          // preloads them with the page): fetched while the frame waits for the user, they are
          // there before the user's answer can open one (decision 052). Only the dashboard opens
          // them, so no other page fetches them; diaryCreation, opened from its button only,
          // comes on the way to that button (decision 060).
          '/app/dashboard': [
            'src/app/routes/app/dashboard.tsx',
            'src/features/mood/components/new-day-dialog.tsx',
            'src/features/task/components/task-expired-dialog.tsx',
          ],
        },
      },
    }),
    // After finishBuild (closeBundleOrder 'post'): the precache lists the rendered-ahead pages.
    VitePWA(pwaOptions),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rollupOptions: {
      input: { index: 'index.html', 'landing-page': LANDING_SCRIPT, 'app-boot': APP_BOOT_SCRIPT },
    },
  },
}));
