import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockApi } from '@/test/test-utils';
import { withScriptsFirst } from '../build/prerender';
import { PAINT_AHEAD_LIMIT_MS, startApp, startSignedInArea } from './app-boot';
import {
  BACKGROUND_STORAGE_KEY,
  clearStoredSession,
  readStoredBackground,
  writeStoredBackground,
} from './lib/auth-storage';

const ENTRY = '/assets/index-entry.js';
/** The chunks the entry imports, listed after it (build/prerender.ts). */
const ENTRY_CHUNKS = ['/assets/react-chunk.js', '/assets/router-chunk.js'];
/** The dashboard's route code, listed by the build for the frame to preload. */
const ROUTE_CODE = '/assets/dashboard-route.js';

function preloaded() {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );
}

function entryScripts() {
  return [...document.querySelectorAll<HTMLScriptElement>('script[data-app-entry]')];
}

beforeEach(() => {
  document.head.insertAdjacentHTML(
    'beforeend',
    `<meta name="wellspring-app-entry" content="${[ENTRY, ...ENTRY_CHUNKS].join(' ')}">` +
      `<meta name="wellspring-route-code" content="/app/dashboard ${ROUTE_CODE}">`,
  );
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  document.head.querySelectorAll('meta, link, script').forEach((element) => element.remove());
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe("the signed-in frame starts the app's entry (decision 052)", () => {
  it('once, as a module script of the listed URL', () => {
    startApp();
    startApp();
    expect(entryScripts()).toHaveLength(1);
    expect(entryScripts()[0]!.type).toBe('module');
    expect(new URL(entryScripts()[0]!.src).pathname).toBe(ENTRY);
    // The entry's chunks asked for with it, each once, not one import after another.
    expect(preloaded()).toEqual(ENTRY_CHUNKS);
  });

  it('at once and asking nothing when signed out', () => {
    const { calls } = mockApi({});
    window.history.replaceState(null, '', '/app/dashboard');
    startSignedInArea();
    expect(entryScripts()).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('at once on a page other than the dashboard, with the user asked for early', () => {
    const user = buildUser();
    const { calls } = mockApi({ 'GET /user': () => user });
    localStorage.setItem('token', 'the-token');
    localStorage.setItem('id', user.id);
    window.history.replaceState(null, '', '/app/diary');
    startSignedInArea();
    expect(entryScripts()).toHaveLength(1);
    expect(calls.map((call) => call.path)).toEqual(['/user']);
  });

  it('on the dashboard, after the early answer when it has no background to paint', async () => {
    const user = buildUser({ selectedBackgroundURL: null });
    mockApi({ 'GET /user': () => user });
    localStorage.setItem('token', 'the-token');
    localStorage.setItem('id', user.id);
    window.history.replaceState(null, '', '/app/dashboard');
    startSignedInArea();
    expect(entryScripts()).toHaveLength(0);
    await vi.waitFor(() => expect(entryScripts()).toHaveLength(1));
    expect(preloaded()).toEqual([...ENTRY_CHUNKS, ROUTE_CODE]);
  });

  it('on the dashboard, at the latest after the limit when the picture never paints', async () => {
    vi.useFakeTimers();
    const user = buildUser({ selectedBackgroundURL: '/backgrounds/quiet-peaks.svg' });
    mockApi({ 'GET /user': () => user });
    localStorage.setItem('token', 'the-token');
    localStorage.setItem('id', user.id);
    window.history.replaceState(null, '', '/app/dashboard');
    // The frame and its template (build/prerender.ts), reduced to what the card needs.
    document.body.innerHTML =
      '<div data-app-shell><div data-frame-page></div></div><template data-frame-welcome>' +
      '<section><img data-welcome-part="background"></section></template>';
    startSignedInArea();
    await vi.advanceTimersByTimeAsync(PAINT_AHEAD_LIMIT_MS - 1);
    // Painted ahead, picture still on its way (jsdom never loads it): the app waits.
    expect(document.querySelector('[data-frame-page] img')).toHaveAttribute(
      'src',
      '/backgrounds/quiet-peaks.svg',
    );
    expect(entryScripts()).toHaveLength(0);
    // Nor is the app's code downloaded alongside the picture (decision 059).
    expect(preloaded()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(entryScripts()).toHaveLength(1);
    expect(preloaded()).toEqual([...ENTRY_CHUNKS, ROUTE_CODE]);
  });
});

describe('the picture kept from the last visit (decision 052)', () => {
  it('is asked for on the dashboard before the user has answered', () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        fetchPriority = '';
        set src(url: string) {
          asked.push(url);
        }
      },
    );
    const user = buildUser();
    const { calls } = mockApi({ 'GET /user': () => new Promise(() => {}) });
    localStorage.setItem('token', 'the-token');
    localStorage.setItem('id', user.id);
    localStorage.setItem(BACKGROUND_STORAGE_KEY, '/backgrounds/quiet-peaks.svg');
    window.history.replaceState(null, '', '/app/dashboard');
    startSignedInArea();
    expect(calls.map((call) => call.path)).toEqual(['/user']);
    expect(asked).toEqual(['/backgrounds/quiet-peaks.svg']);
    vi.unstubAllGlobals();
  });

  it('is forgotten at sign-out', () => {
    writeStoredBackground('/backgrounds/quiet-peaks.svg');
    expect(readStoredBackground()).toBe('/backgrounds/quiet-peaks.svg');
    clearStoredSession();
    expect(readStoredBackground()).toBeNull();
  });
});

describe("the frame's HTML (build/prerender.ts, decision 059)", () => {
  const built =
    '<head><script type="module" crossorigin src="/assets/index-entry.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react-chunk.js">' +
    '<link rel="modulepreload" crossorigin href="/assets/shared.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index.css"></head>';

  it('lists the entry and its chunks for the first script, which alone the page asks for', () => {
    const html = withScriptsFirst(built, {
      script: '/assets/app-boot.js',
      preload: ['/assets/shared.js'],
    });
    expect(html).toContain(
      '<meta name="wellspring-app-entry" content="/assets/index-entry.js /assets/react-chunk.js /assets/shared.js">',
    );
    const preloads = [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)];
    // The first script's own import stays; the entry's other chunks wait for it.
    expect(preloads.map((tag) => tag[1])).toEqual(['/assets/shared.js']);
    expect(html).not.toContain('src="/assets/index-entry.js"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/app-boot.js"></script>');
    expect(html).toContain('href="/assets/index.css"');
  });
});
