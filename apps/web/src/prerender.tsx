import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import type { User } from '@wellspring/shared';
import { AppProvider } from './app/provider';
import { AppShellSkeleton } from './components/layouts/app-shell-skeleton';
import { WelcomeCard } from './features/dashboard/components/welcome-card';
import { WELCOME_TEMPLATE_USER } from './features/dashboard/utils/welcome-card-ahead';
import { getPageTitle } from './config/page-titles';
import { RenderedAheadContext } from './lib/rendered-ahead';
import { routes } from './app/router';

/**
 * The HTML of a public page as the app renders it, for the build to put in the page's file
 * (build/prerender.ts): the browser paints the landing page before any script has run, and the
 * page's own small script (src/landing.ts) makes it work; the app never hydrates it (decision
 * 049). What depends on the visitor is rendered in every variant, for that script to choose
 * (lib/rendered-ahead.tsx).
 */
export async function renderPage(url: string): Promise<{ html: string; title: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
  if (context.statusCode !== 200) throw new Error(`${url} rendered status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // A cache that keeps no timers: the app's 5-minute garbage collection would hold the build's
  // process open for five minutes after its work is done.
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
  const html = renderToString(
    <StrictMode>
      <RenderedAheadContext value={true}>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </RenderedAheadContext>
    </StrictMode>,
  );
  queryClient.clear();
  return { html, title: getPageTitle(new URL(url, 'http://localhost').pathname) };
}

/**
 * The signed-in area's frame with grey cards, for app-shell.html: the server sends it for every
 * /app page, so a slow phone paints the app's shape before any script has run. The app then
 * renders over it (it reads the session, so nothing of it can be rendered ahead).
 */
export function renderAppShell(): string {
  return renderToString(<AppShellSkeleton />);
}

/**
 * The dashboard's welcome card with every part present, for the template in app-shell.html that
 * the frame's script fills in and paints before the app has run (decision 052).
 */
export function renderWelcomeCardAhead(): string {
  return renderToString(<WelcomeCard user={WELCOME_TEMPLATE_USER as User} />);
}
