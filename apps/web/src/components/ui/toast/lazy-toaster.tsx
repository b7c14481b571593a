import { useEffect, useSyncExternalStore } from 'react';
import type { Toaster, ToasterProps } from 'sonner';
import { getRequestedToaster, markToasterMounted, subscribeToToaster } from './toast';

/** Sonner's Toaster with these props, rendered from the first toast on (sonner loads with it). */
export function LazyToaster(props: ToasterProps) {
  const LoadedToaster = useSyncExternalStore(
    subscribeToToaster,
    getRequestedToaster,
    getRequestedToaster,
  );
  return LoadedToaster ? <MountedToaster {...props} Toaster={LoadedToaster} /> : null;
}

function MountedToaster({
  Toaster: LoadedToaster,
  ...props
}: ToasterProps & { Toaster: typeof Toaster }) {
  // A parent's effects run after its children's: the Toaster has subscribed to sonner by now, so
  // the queued toasts reach it whether or not sonner would replay toasts made before it mounted.
  useEffect(() => markToasterMounted(), []);
  return <LoadedToaster {...props} />;
}
