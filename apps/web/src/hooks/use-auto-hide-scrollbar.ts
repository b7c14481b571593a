import { useEffect, type RefObject } from 'react';

/** SPEC.md section 9: the scroll bar hides 600 ms after scrolling stops. */
export const SCROLLBAR_HIDE_DELAY_MS = 600;

/**
 * Marks the element with data-scrolling while it scrolls and for 600 ms after; the
 * `scroll-area` class shows the scroll bar only then.
 */
export function useAutoHideScrollbar(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      element.dataset.scrolling = 'true';
      clearTimeout(timer);
      timer = setTimeout(() => {
        delete element.dataset.scrolling;
      }, SCROLLBAR_HIDE_DELAY_MS);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      element.removeEventListener('scroll', onScroll);
    };
  }, [ref]);
}
