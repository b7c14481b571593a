import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { getPageTitle } from '@/config/page-titles';
import { findPageHeading, focusPageHeading, isFocusTarget } from '@/lib/focus';

/** How long a new page may take to show its heading (its data may still be loading). */
const HEADING_WAIT_MS = 3000;

/**
 * On every change of page, focus moves to the new page's main heading, so that a screen reader
 * reads where the user now is and the next Tab starts there (React Router's accessibility
 * guidance; docs/decisions/025). Not on the first page load, where the browser starts at the top,
 * and not when the path changes within the same page (the task board's columns) while the control
 * the user acted on is still there.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before === null || before === pathname) return;
    const active = document.activeElement;
    const isSamePage = getPageTitle(before) === getPageTitle(pathname);
    if (isSamePage && active !== document.body && isFocusTarget(active)) return;

    const startedAt = performance.now();
    let frame = 0;
    const tryFocus = () => {
      // The user has moved on by themselves, or a dialog holds the focus: leave it be.
      const now = document.activeElement;
      if (now !== active && now !== document.body && now !== null) return;
      const heading = findPageHeading();
      if (heading && isFocusTarget(heading)) {
        focusPageHeading();
        return;
      }
      if (performance.now() - startedAt < HEADING_WAIT_MS) {
        frame = requestAnimationFrame(tryFocus);
      } else {
        focusPageHeading();
      }
    };
    tryFocus();
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
