import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { DIALOG_CLOSE_MS } from '@/config/dialogs';
import { useDialog } from './dialog-context';
import { isDismissibleDialog } from './dialog-provider';

/*
 * The browser's Back button closes a dialog that a click outside would close (docs/decisions/
 * 023). Opening one pushes a history entry for the same URL whose state carries a marker; Back
 * pops it and closes the dialog, and nothing else. A dialog closed any other way takes its entry
 * back with history.back(), so the history keeps no dead steps, unless a navigation from inside
 * the dialog is under way: the entry then stays behind the new page, and a later Back or Forward
 * that lands on it steps over it. newDay and diaryCreation push nothing and stay open on Back.
 */

/** The key of the marker in history.state, beside React Router's own keys. */
export const DIALOG_HISTORY_KEY = 'wellspringDialog';

type HistoryState = Record<string, unknown> | null;

let markerCount = 0;
/** Unique to this page load: a marker from before a reload never passes for a live one. */
const PAGE_LOAD_ID = Math.random().toString(36).slice(2, 10);

function nextMarker(): string {
  markerCount += 1;
  return `${PAGE_LOAD_ID}-${markerCount}`;
}

function readState(): HistoryState {
  const state: unknown = window.history.state;
  return state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : null;
}

function markerOf(state: HistoryState): string | null {
  const marker = state?.[DIALOG_HISTORY_KEY];
  return typeof marker === 'string' ? marker : null;
}

/** React Router's position of an entry in the session history. */
function indexOf(state: HistoryState): number | null {
  const index = state?.idx;
  return typeof index === 'number' ? index : null;
}

/**
 * Chromium skips, on Back, entries a page added without the user's involvement: an entry is
 * pushed only while the user has just acted (a dialog opened by a click, or by its answer).
 */
function hasUserActivation(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } })
    .userActivation;
  return activation ? activation.isActive : true;
}

/** Goes back one entry, noting that the pop it causes is ours. */
function goBackOurselves(expectedPopIndex: { current: number | null }): void {
  expectedPopIndex.current = indexOf(readState());
  window.history.back();
}

/** Ties the open dialog to the browser's history; render once, inside the DialogProvider. */
export function useDialogHistory(): void {
  const { openName, close } = useDialog();
  const location = useLocation();
  const navigation = useNavigation();

  const isDismissibleOpen = openName !== null && isDismissibleDialog(openName);
  const isNavigating = navigation.state !== 'idle';
  // What the history's event handlers and timers read: the latest render's, once committed.
  const isDismissibleOpenRef = useRef(isDismissibleOpen);
  const isNavigatingRef = useRef(isNavigating);
  useEffect(() => {
    isDismissibleOpenRef.current = isDismissibleOpen;
    isNavigatingRef.current = isNavigating;
  }, [isDismissibleOpen, isNavigating]);

  /** The marker of the entry this page pushed for the open dialog, while it may be current. */
  const ownMarker = useRef<string | null>(null);
  /** The entry a history.back() of ours lands on: that pop is ours, not the user's. */
  const expectedPopIndex = useRef<number | null>(null);
  /** The state before the latest move, to tell Back from Forward. */
  const lastState = useRef<HistoryState>(null);
  const cleanupTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wasClosedByBack = useRef(false);

  // A reload keeps history.state: a marker found on arrival belongs to a dialog that is gone.
  useEffect(() => {
    lastState.current = readState();
    if (markerOf(lastState.current) !== null) goBackOurselves(expectedPopIndex);
    return () => clearTimeout(cleanupTimer.current);
  }, []);

  // Every move of the router: remember where we are; an entry we pushed is no longer current.
  useEffect(() => {
    const state = readState();
    lastState.current = state;
    if (ownMarker.current !== null && markerOf(state) !== ownMarker.current) {
      ownMarker.current = null;
    }
  }, [location]);

  useEffect(() => {
    const onPopState = () => {
      const state = readState();
      const previous = lastState.current;
      lastState.current = state;
      const expected = expectedPopIndex.current;
      expectedPopIndex.current = null;
      const marker = markerOf(state);
      if (expected !== null && marker === null && indexOf(state) === expected) return;

      if (marker !== null && marker !== ownMarker.current) {
        // A dead entry (its dialog closed by a navigation, or before a reload): step over it,
        // the way the user was going.
        const from = indexOf(previous);
        const to = indexOf(state);
        const isBack = from !== null && to !== null && from > to;
        if (isBack) window.history.back();
        else window.history.forward();
        return;
      }

      ownMarker.current = null;
      if (isDismissibleOpenRef.current) {
        wasClosedByBack.current = true;
        close();
      }
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [close]);

  useEffect(() => {
    clearTimeout(cleanupTimer.current);
    if (isDismissibleOpen) {
      wasClosedByBack.current = false;
      const state = readState();
      const marker = markerOf(state);
      if (marker !== null && marker === ownMarker.current) return;
      const next = nextMarker();
      if (marker !== null) {
        // Standing on a dead entry: it becomes this dialog's.
        window.history.replaceState({ ...state, [DIALOG_HISTORY_KEY]: next }, '');
      } else if (hasUserActivation()) {
        window.history.pushState({ ...state, [DIALOG_HISTORY_KEY]: next }, '');
      } else {
        return;
      }
      ownMarker.current = next;
      lastState.current = readState();
      return;
    }
    if (wasClosedByBack.current) {
      wasClosedByBack.current = false;
      return;
    }
    if (ownMarker.current === null) return;
    // Closed some other way: take the entry back once the close has played, unless a link in
    // the dialog is taking the user elsewhere.
    const marker = ownMarker.current;
    cleanupTimer.current = setTimeout(() => {
      if (isDismissibleOpenRef.current || markerOf(readState()) !== marker) return;
      if (isNavigatingRef.current) return;
      ownMarker.current = null;
      goBackOurselves(expectedPopIndex);
    }, DIALOG_CLOSE_MS);
  }, [isDismissibleOpen, openName]);
}

/** `useDialogHistory` as an element, for a layout that renders the DialogProvider itself. */
export function DialogHistory(): null {
  useDialogHistory();
  return null;
}
