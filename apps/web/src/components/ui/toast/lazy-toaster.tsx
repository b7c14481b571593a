import { useEffect, useSyncExternalStore } from 'react';
import type { Toaster, ToasterProps } from 'sonner';
import {
  getRequestedToaster,
  markToasterMounted,
  requestToaster,
  subscribeToToaster,
} from './toast';

/** After the page's first paint, when the browser is idle (or after this long at most). */
const IDLE_TIMEOUT_MS = 2000;

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 200);
  return () => clearTimeout(timer);
}

/**
 * Sonner's Toaster with these props, rendered once the page is idle or with the first toast,
 * whichever comes first (sonner loads then).
 */
export function LazyToaster(props: ToasterProps) {
  const LoadedToaster = useSyncExternalStore(
    subscribeToToaster,
    getRequestedToaster,
    getRequestedToaster,
  );
  useEffect(() => whenIdle(requestToaster), []);
  return LoadedToaster ? <MountedToaster {...props} Toaster={LoadedToaster} /> : null;
}

function MountedToaster({
  Toaster: LoadedToaster,
  ...props
}: ToasterProps & { Toaster: typeof Toaster }) {
  // A parent's effects run after its children's: the Toaster has subscribed to sonner by now, so
  // the queued toasts reach it whether or not sonner would replay toasts made before it mounted.
  useEffect(markToasterMounted, []);
  return <LoadedToaster {...props} />;
}
