import '@fontsource-variable/inter';
// First, before the app's code asks for the saved user: offline, queries wait for the network
// instead of failing (TanStack Query assumes online until told).
import './lib/device-status';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, whenRouterReady } from './app/app';
import './index.css';

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// zod probes `new Function` to speed up parsing; the CSP (script-src 'self') forbids eval and
// reports even the caught probe. zod reads its configuration from this global, so setting it
// here turns the probe off without loading zod on the first page.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The landing page comes rendered ahead (src/prerender.tsx): the app takes over its HTML once the
// router has the page's code. The signed-in area's grey frame (app-shell.html) is only a
// stand-in: the app renders over it.
const isRenderedAhead =
  container.firstElementChild !== null && !container.querySelector('[data-app-shell]');
if (isRenderedAhead) void whenRouterReady().then(() => hydrateRoot(container, app));
else createRoot(container).render(app);

// The installable app's service worker (decision 042), registered once the page has loaded.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void import('./lib/service-worker').then((module) => module.registerServiceWorker());
  });
}
