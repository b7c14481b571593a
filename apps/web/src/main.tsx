import '@fontsource-variable/inter';
// First, before the app's code asks for the saved user: offline, queries wait for the network
// instead of failing (TanStack Query assumes online until told).
import './lib/device-status';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// zod probes `new Function` to speed up parsing; the CSP (script-src 'self') forbids eval and
// reports even the caught probe. zod reads its configuration from this global, so setting it
// here turns the probe off without loading zod on the first page.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

// The signed-in area's grey frame (app-shell.html) is only a stand-in: the app renders over it.
// The landing page's rendered-ahead HTML never loads this entry: it has a script of its own
// (src/landing.ts, decision 049).
// In a transition, so that React yields to the browser while it renders the first screen rather
// than holding the main thread for the whole of it (decision 059: total blocking time).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The installable app's service worker (decision 042), registered once the page has loaded. The
// signed-in frame may start this entry after the load event (decision 052): then at once.
if (import.meta.env.PROD) {
  const register = () =>
    void import('./lib/service-worker').then((module) => module.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
