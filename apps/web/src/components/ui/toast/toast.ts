import type { ExternalToast, Toaster, toast as sonnerToast } from 'sonner';

// sonner (about 10 kB gzip) is loaded once the page is idle, or with the first toast if that comes
// sooner, rather than with every page's first paint: this module stands in for its `toast`, queues
// what is asked before sonner and the Toaster are ready, and shows it, in order, once they are.
// `LazyToaster` renders the Toaster, and with it the live region that screen readers announce
// toasts from, as soon as sonner has loaded: the region is there before the first message, which
// a region created with its message would likely not announce (docs/decisions/025).

type SonnerToast = typeof sonnerToast;
type ToastId = string | number;
type ShowMethod = 'success' | 'error';

interface Sonner {
  Toaster: typeof Toaster;
  toast: SonnerToast;
}

interface PendingToast {
  method: ShowMethod;
  message: Parameters<SonnerToast[ShowMethod]>[0];
  data: ExternalToast & { id: ToastId };
}

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
/** The Toaster is wanted (page idle or a toast): `LazyToaster` renders it once sonner loaded. */
let isToasterRequested = false;
/** The Toaster has subscribed to sonner's state: from now on calls go straight to sonner. */
let isToasterMounted = false;
let earlyToastCount = 0;
const pendingToasts: PendingToast[] = [];
/** The toasts handed to sonner, with when: what `keepToastTimes` needs to give them back. */
const shownToasts = new Map<ToastId, PendingToast & { shownAt: number }>();
const listeners = new Set<() => void>();

function notifyListeners(): void {
  listeners.forEach((listener) => listener());
}

function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      sonner = { Toaster: module.Toaster, toast: module.toast };
      notifyListeners();
      return sonner;
    },
    (error: unknown) => {
      // A failed chunk load (offline, a new deploy) is retried by the next toast; the queue stays.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Loads sonner ahead of the first toast, e.g. before a test stops the clock. */
export async function preloadToaster(): Promise<void> {
  await loadSonner();
}

/** Asks for the Toaster ahead of any toast, so that its live region is in place first. */
export function requestToaster(): void {
  if (!isToasterRequested) {
    isToasterRequested = true;
    notifyListeners();
  }
  loadSonner().catch(() => {});
}

/** For `LazyToaster`: sonner's Toaster once a toast asked for it and it has loaded. */
export function getRequestedToaster(): Sonner['Toaster'] | undefined {
  return isToasterRequested ? sonner?.Toaster : undefined;
}

export function subscribeToToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How long a live region created for a toast stands empty first, so screen readers see it. */
export const LIVE_REGION_SETTLE_MS = 250;

/**
 * Called by `LazyToaster` once the Toaster has mounted (and so subscribed to sonner's state):
 * shows the queued toasts in the order they were asked for, after a short pause when the region
 * was made for them.
 */
export function markToasterMounted(): () => void {
  if (!sonner) return () => {};
  const loaded = sonner;
  const flush = () => {
    isToasterMounted = true;
    for (const { method, message, data } of pendingToasts.splice(0)) {
      showNow(loaded, method, message, data);
    }
  };
  if (pendingToasts.length === 0) {
    flush();
    return () => {};
  }
  const timer = setTimeout(flush, LIVE_REGION_SETTLE_MS);
  return () => clearTimeout(timer);
}

function getEarlyToastId(data: ExternalToast | undefined): ToastId {
  // sonner keeps a number or a non-empty string as the id, and numbers the others itself; a queued
  // toast gets a string id so that it never collides with sonner's numbers.
  const id = data?.id;
  if (typeof id === 'number' || (id !== undefined && id.length > 0)) return id;
  earlyToastCount += 1;
  return `early-toast-${earlyToastCount}`;
}

function showNow(
  loaded: Sonner,
  method: ShowMethod,
  message: PendingToast['message'],
  data: ExternalToast | undefined,
): ToastId {
  const id = loaded.toast[method](message, data);
  forgetGoneToasts(loaded);
  shownToasts.set(id, { method, message, data: { ...data, id }, shownAt: Date.now() });
  return id;
}

/** Keeps only the toasts still on screen (sonner keeps a bounded history of the others). */
function forgetGoneToasts(loaded: Sonner): void {
  const onScreen = new Set(loaded.toast.getToasts().map((shown) => shown.id));
  for (const id of shownToasts.keys()) {
    if (!onScreen.has(id)) shownToasts.delete(id);
  }
}

/**
 * For the Toaster when it moves its toasts: sonner mounts them anew in the new place, and a toast
 * mounted anew starts its whole time again (a 5 s Undo notice moved every few seconds would never
 * go). This gives each toast on screen the time it had left, or lets it go if it had none.
 * `toasterDuration` is the time of a toast that names none.
 */
export function keepToastTimes(toasterDuration: number): void {
  if (!isToasterMounted || !sonner) return;
  forgetGoneToasts(sonner);
  const now = Date.now();
  for (const [id, { method, message, data, shownAt }] of shownToasts) {
    const duration = data.duration ?? toasterDuration;
    if (!Number.isFinite(duration)) continue;
    const left = shownAt + duration - now;
    // The same id updates the toast in place; the stored time stays its whole time.
    if (left > 0) sonner.toast[method](message, { ...data, duration: left });
    else sonner.toast.dismiss(id);
  }
}

function show(
  method: ShowMethod,
  message: PendingToast['message'],
  data: ExternalToast | undefined,
): ToastId {
  if (isToasterMounted && sonner) return showNow(sonner, method, message, data);
  const id = getEarlyToastId(data);
  pendingToasts.push({ method, message, data: { ...data, id } });
  requestToaster();
  return id;
}

function dismiss(id?: ToastId): ToastId | undefined {
  if (isToasterMounted && sonner) return sonner.toast.dismiss(id);
  // Nothing is on screen yet: dismissing drops the queued toast, or all of them without an id.
  for (let index = pendingToasts.length - 1; index >= 0; index -= 1) {
    if (id === undefined || pendingToasts[index]!.data.id === id) pendingToasts.splice(index, 1);
  }
  return id;
}

/** The toasts the app shows; sonner's `toast` with the same signatures, loaded on first use. */
export const toast: {
  success: SonnerToast['success'];
  error: SonnerToast['error'];
  /** Dismisses one toast, or every toast without an id; hands the id back, as sonner does. */
  dismiss: (id?: ToastId) => ToastId | undefined;
} = {
  success: (message, data) => show('success', message, data),
  error: (message, data) => show('error', message, data),
  dismiss,
};
