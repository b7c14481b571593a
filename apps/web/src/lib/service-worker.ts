/// <reference types="vite-plugin-pwa/client" />
import { setUpdateReady } from './device-status';

/*
 * Registers the service worker (src/sw/sw.ts, decision 042) and, when a new version is
 * waiting, hands its "reload" to the device status bar, which offers it quietly ("Update
 * available", Reload). Nothing reloads by itself. main.tsx loads this lazily, in production only.
 */

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const updateSW = registerSW({
    immediate: true,
    // The waiting version takes over (SKIP_WAITING) and the page reloads once it controls it.
    onNeedRefresh: () => setUpdateReady(() => void updateSW(true)),
    onRegisterError: (error: unknown) =>
      console.warn('Wellspring: the service worker could not be registered', error),
  });
}
