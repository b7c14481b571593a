import { useCallback, useSyncExternalStore } from 'react';
import {
  BREAKPOINTS,
  getBreakpoint,
  isWideBreakpoint,
  type Breakpoint,
  type BreakpointName,
} from '@/config/breakpoints';

function getMediaQueryList(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;
}

/** True while the media query matches; follows changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = getMediaQueryList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => getMediaQueryList(query)?.matches ?? false;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

const BREAKPOINT_NAMES = Object.keys(BREAKPOINTS) as BreakpointName[];

function readBreakpoint(): Breakpoint {
  let current: Breakpoint = 'base';
  for (const name of BREAKPOINT_NAMES) {
    const list = getMediaQueryList(`(min-width: ${BREAKPOINTS[name]}px)`);
    if (list ? list.matches : getBreakpoint(window.innerWidth) === name) current = name;
  }
  return current;
}

function subscribeToBreakpoints(onChange: () => void) {
  const lists = BREAKPOINT_NAMES.map((name) =>
    getMediaQueryList(`(min-width: ${BREAKPOINTS[name]}px)`),
  );
  for (const list of lists) list?.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list?.removeEventListener('change', onChange);
  };
}

/** The viewport breakpoint of SPEC.md section 2 (sm 450 … 3xl 1500), following resizes. */
export function useBreakpoint(): { breakpoint: Breakpoint; isWide: boolean } {
  const breakpoint = useSyncExternalStore<Breakpoint>(
    subscribeToBreakpoints,
    readBreakpoint,
    () => 'base',
  );
  return { breakpoint, isWide: isWideBreakpoint(breakpoint) };
}

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
