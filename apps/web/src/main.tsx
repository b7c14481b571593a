import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
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
// The landing page comes rendered ahead (src/prerender.tsx): the app takes over its HTML. The
// signed-in area's grey frame (app-shell.html) is only a stand-in: the app renders over it.
const isRenderedAhead =
  container.firstElementChild !== null && !container.querySelector('[data-app-shell]');
if (isRenderedAhead) hydrateRoot(container, app);
else createRoot(container).render(app);
