/*
 * The signed-in area's first script (decisions 049 and 052), in app-shell.html, which lists the
 * app's entry for it to start: a few kB that start, while the entry (some 100 kB) is still on its
 * way, what the first screen waits for: the user (the API client takes this answer instead of
 * asking again) and the code of the frame and of the page's route. On the dashboard it paints the
 * welcome card with the chosen background (the page's largest paint) from that early answer, and
 * only then asks for the app's code and starts its entry: the code's download would share a slow
 * link with the picture, and its evaluation would hold that paint back by seconds on a slow phone
 * (decision 059).
 */
import { env } from './config/env';
import { readStoredBackground, readStoredSession } from './lib/auth-storage';
import { startEarlyGet } from './lib/early-requests';
import {
  paintWelcomeCardAhead,
  type WelcomeCardUser,
} from './features/dashboard/utils/welcome-card-ahead';

/** The page whose largest paint the frame makes itself (src/config/paths.ts). */
const DASHBOARD_PATH = '/app/dashboard';
/**
 * The longest the app's entry waits for the welcome card to paint: a slow answer or picture
 * must not keep the app from starting (the app then paints the card itself).
 */
export const PAINT_AHEAD_LIMIT_MS = 2_000;

/** GET /v1/user?id=…, as the API client writes it (lib/api-client.ts buildApiUrl). */
export function userUrl(apiBase: string, userId: string): string {
  return `${apiBase}/v1/user?${new URLSearchParams({ id: userId }).toString()}`;
}

/**
 * The build lists, in app-shell.html, the code of the app's frame and of its start page
 * (`<meta name="wellspring-route-code" content="/app/dashboard url url …">`, one per page); the
 * page asked for gets it preloaded now rather than after the app's entry has run. Not imported
 * from here: a dynamic import would make the bundler split the app's entry for this script.
 */
export function preloadRouteCode(pathname: string, doc: Document = document): void {
  const page = pathname.replace(/\/+$/, '');
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="wellspring-route-code"]')) {
    const [path, ...urls] = meta.content.split(' ');
    if (path !== '*' && path !== page) continue;
    for (const url of urls) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = url;
      doc.head.append(link);
    }
  }
}

/**
 * The app's entry and the chunks it imports, as the build lists them in app-shell.html
 * (`<meta name="wellspring-app-entry" content="/assets/index-….js /assets/….js …">`).
 */
function appEntry(doc: Document): string[] {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="wellspring-app-entry"]');
  return meta ? meta.content.split(' ').filter(Boolean) : [];
}

function addModulePreload(doc: Document, url: string): void {
  if (doc.querySelector(`link[rel="modulepreload"][href="${CSS.escape(url)}"]`)) return;
  const link = doc.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = url;
  doc.head.append(link);
}

/**
 * Starts the app's entry once, its chunks asked for at the same time rather than one import
 * after another. The page does not ask for them itself (decision 059): the dashboard's picture
 * comes first.
 */
export function startApp(doc: Document = document): void {
  const [entry, ...chunks] = appEntry(doc);
  if (!entry || doc.querySelector('script[data-app-entry]')) return;
  chunks.forEach((url) => addModulePreload(doc, url));
  const script = doc.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  script.dataset.appEntry = '';
  doc.head.append(script);
}

/** The Element Timing name of the welcome card's picture painted ahead. */
const PAINTED_AHEAD = 'welcome-background-ahead';

/**
 * Resolves once the browser has painted `image` with its picture (Element Timing, where the
 * browser has it; otherwise after the picture's load and two frames) or the picture failed. A
 * loaded picture is not yet a painted one: the app's entry started then would hold the paint
 * back behind its evaluation, and replace the frame before it.
 */
function whenPainted(image: HTMLImageElement): Promise<void> {
  return new Promise((resolve) => {
    image.addEventListener('error', () => resolve(), { once: true });
    if (
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('element')
    ) {
      const observer = new PerformanceObserver((list) => {
        const entries = list.getEntries() as (PerformanceEntry & { identifier?: string })[];
        if (!entries.some((entry) => entry.identifier === PAINTED_AHEAD)) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'element', buffered: true });
      return;
    }
    const afterTwoFrames = () =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
    if (image.complete) afterTwoFrames();
    else image.addEventListener('load', afterTwoFrames, { once: true });
  });
}

/**
 * The welcome card, from the early answer of GET /user, painted with its picture; resolves when
 * it has been painted or when there is nothing to paint (no answer, no background, a picture
 * that fails).
 */
export async function paintDashboardAhead(user: Promise<Response>): Promise<void> {
  const response = await user;
  if (!response.ok) return;
  const body = (await response.clone().json()) as { data?: Partial<WelcomeCardUser> } | null;
  const image = paintWelcomeCardAhead(body?.data ?? {}, PAINTED_AHEAD);
  if (image) await whenPainted(image);
}

/** What the frame starts before the app, then the app. */
export function startSignedInArea(): void {
  const { pathname } = window.location;
  const { token, userId } = readStoredSession();
  // Without a session the app sends the visitor to the landing page: nothing to start but it.
  if (!pathname.startsWith('/app') || !token || !userId) {
    startApp();
    return;
  }
  const user = startEarlyGet(userUrl(env.API_BASE, userId), token);
  if (pathname.replace(/\/+$/, '') !== DASHBOARD_PATH) {
    void user.catch(() => {
      // The app asks again and says what went wrong.
    });
    startApp();
    preloadRouteCode(pathname);
    return;
  }
  // The picture kept from the last visit, asked for now rather than after GET /user: the card
  // painted then finds it loaded (or loading) when it is still the chosen one.
  const kept = readStoredBackground();
  if (kept) {
    const picture = new Image();
    picture.fetchPriority = 'high';
    picture.src = kept;
  }
  const limit = new Promise<void>((resolve) => setTimeout(resolve, PAINT_AHEAD_LIMIT_MS));
  void Promise.race([paintDashboardAhead(user), limit])
    .catch(() => {
      // Nothing painted ahead: the app paints the card, asks again and says what went wrong.
    })
    // The app's code, some 150 kB, is asked for now: on a slow link it would share the
    // bandwidth with the picture, the page's largest paint (decision 059).
    .finally(() => {
      startApp();
      preloadRouteCode(pathname);
    });
}

try {
  startSignedInArea();
} catch {
  // Whatever failed here, the app must start.
  startApp();
}
