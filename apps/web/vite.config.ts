import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { finishBuild } from './build/finish-build';
import { pwaOptions } from './build/pwa';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    finishBuild({
      // The landing page and its lazy route modules (src/app/router.tsx).
      prerender: {
        '/home/landing': ['src/app/routes/home/home-layout.tsx', 'src/app/routes/home/landing.tsx'],
      },
    }),
    // After finishBuild (closeBundleOrder 'post'): the precache lists the rendered-ahead pages.
    VitePWA(pwaOptions),
  ],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
  },
});
