/*
 * The signed-in area's first script (decision 049), in app-shell.html before the app's entry: a
 * few kB that start, while the entry (some 100 kB) is still on its way, what the first screen
 * waits for: the user (the API client takes this answer instead of asking again), the chosen
 * background (the dashboard's largest paint) and the code of the frame and of the page's route.
 */
import { env } from './config/env';
import { readStoredSession } from './lib/auth-storage';
import { startEarlyGet } from './lib/early-requests';

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

function startSignedInArea(): void {
  const { pathname } = window.location;
  if (!pathname.startsWith('/app')) return;
  const { token, userId } = readStoredSession();
  // Without a session the app sends the visitor to the landing page: nothing to start.
  if (!token || !userId) return;
  void startEarlyGet(userUrl(env.API_BASE, userId), token)
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((body: { data?: { selectedBackgroundURL?: string | null } } | null) => {
      const url = body?.data?.selectedBackgroundURL;
      if (!url) return;
      const image = new Image();
      image.fetchPriority = 'high';
      image.src = url;
    })
    .catch(() => {
      // The app asks again and says what went wrong.
    });
  preloadRouteCode(pathname);
}

startSignedInArea();
