import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/*
 * What the device status bar says (decision 042): whether the browser is offline, and
 * whether a new version of the app waits for the user's "Reload". The offline state is TanStack
 * Query's online manager, told the browser's state at start: queries then pause offline rather
 * than fail, and resume when the network returns.
 */

let reloadForUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

/** TanStack Query assumes online until an event says otherwise: told at start (main.tsx). */
export function syncOnlineState(): void {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') {
      onlineManager.setOnline(navigator.onLine);
    }
  } catch {
    // A navigator without the property (a stand-in): TanStack Query's own default, online.
  }
}
syncOnlineState();

/** A new version is installed and waiting; `reload` lets it take over and reloads the page. */
export function setUpdateReady(reload: (() => void) | null): void {
  reloadForUpdate = reload;
  notify();
}

function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The waiting version's reload, or null when the app is up to date. */
export function useUpdateReady(): (() => void) | null {
  return useSyncExternalStore(
    subscribeUpdate,
    () => reloadForUpdate,
    () => null,
  );
}

/** True while the browser has no network. */
export function useIsOffline(): boolean {
  return !useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}
