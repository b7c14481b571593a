import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Interaction tests wait on real timers and rendering; a busy CI machine needs the headroom.
    testTimeout: 20_000,
    setupFiles: ['./src/test/setup.ts'],
  },
});
