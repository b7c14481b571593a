import { useSyncExternalStore } from 'react';

/*
 * Whether a dialog is on screen, for what sits outside the DialogProvider's tree (the toasts,
 * which move out of a dialog's way).
 */

let isShowing = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the DialogProvider as a dialog appears and once it is gone. */
export function setDialogShowing(next: boolean): void {
  if (next === isShowing) return;
  isShowing = next;
  listeners.forEach((listener) => listener());
}

/** True while a dialog is on screen. */
export function useIsDialogShowing(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isShowing,
    () => false,
  );
}
