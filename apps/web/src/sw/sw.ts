/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerPushHandlers } from './push';
import { navigationFile, SKIP_WAITING_MESSAGE } from './navigation';

/*
 * The service worker (decision 042), built by vite-plugin-pwa (injectManifest): the app
 * shell and its assets are precached, so the app opens with no network; a page of the SPA is
 * answered with its precached HTML (the API's paths never are). A new version waits until the
 * user chooses "Reload" (the page posts SKIP_WAITING), never replacing the page under them.
 */

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const handlers = new Map<string, ReturnType<typeof createHandlerBoundToURL>>();
registerRoute(
  new NavigationRoute(
    (options) => {
      const file = navigationFile(options.url.pathname);
      let handler = handlers.get(file);
      if (!handler) {
        handler = createHandlerBoundToURL(file);
        handlers.set(file, handler);
      }
      return handler(options);
    },
    {
      // The API, the OpenID pages and the docs belong to the server, online only.
      denylist: [/^\/(api|v1|dev-oidc)(\/|$)/],
    },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING_MESSAGE) {
    void self.skipWaiting();
  }
});

registerPushHandlers(self);
