/**
 * The page's side of the INP measurement (inp.ts): Event Timing and long animation frames observed
 * from the start, and handles on My Diary's list (its entries, its scroller, where it ends), as a
 * script Playwright adds before the page's own. A string, not a function: tsx's helpers would not
 * exist in the page, and the page's CSP forbids eval.
 */

/** Observers and the list's handles, in the page before its own scripts. */
export const IN_PAGE = `(() => {
  const events = [];
  const frames = [];
  const observe = (type, options, keep) => {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) return;
    new PerformanceObserver((list) => list.getEntries().forEach(keep)).observe({
      type, buffered: true, ...options,
    });
  };
  // An entry's time in three parts: before its handlers ran, in them, and to the next paint.
  const keepEvent = (e) => events.push({
    name: e.name, interactionId: e.interactionId || 0, duration: e.duration,
    startTime: e.startTime, inputDelay: e.processingStart - e.startTime,
    processing: e.processingEnd - e.processingStart,
    presentation: e.startTime + e.duration - e.processingEnd,
  });
  // A long frame's longest script: what ran (its invoker, function and file) and for how long.
  const keepFrame = (e) => {
    const script = [...(e.scripts || [])].sort((a, b) => b.duration - a.duration)[0];
    frames.push({
      startTime: e.startTime, duration: e.duration,
      script: script
        ? [script.invoker, script.sourceFunctionName, script.sourceURL.replace(location.origin, '')]
            .filter(Boolean).join(' ') + ' ' + Math.round(script.duration) + ' ms'
        : null,
    });
  };
  observe('event', { durationThreshold: 16 }, keepEvent);
  observe('first-input', {}, keepEvent);
  observe('long-animation-frame', {}, keepFrame);

  const cardsOf = (el) => [...el.children].filter((c) => c.querySelector('button[aria-pressed]'));
  const findEntries = () => {
    const articles = document.querySelectorAll('main [role="article"], main article');
    if (articles.length > 0) return { how: 'role="article"', list: null, items: [...articles] };
    let best = null;
    for (const list of document.querySelectorAll('main ul, main ol, main [role="list"]')) {
      if (!best || cardsOf(list).length > cardsOf(best).length) best = list;
    }
    if (!best || cardsOf(best).length === 0) return null;
    return { how: "the list's direct children", list: best, items: [...best.children] };
  };
  const scrollerOf = (el) => {
    for (let node = el && el.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (/(auto|scroll)/.test(style.overflowY) && node.scrollHeight > node.clientHeight + 1) {
        return node;
      }
    }
    return document.scrollingElement;
  };
  let since = 0;
  let startCount = 0;
  window.__diaryBench = {
    // What came before the scrolling (the page's load and first render) is left out.
    start() {
      since = performance.now();
      startCount = performance.interactionCount || 0;
    },
    events: () => events.filter((e) => e.startTime >= since),
    frames: () => frames.filter((f) => f.startTime >= since),
    state() {
      const found = findEntries();
      if (!found) return null;
      const scroller = scrollerOf(found.list || found.items[0]);
      const isPage = scroller === document.scrollingElement;
      const height = isPage ? innerHeight : scroller.clientHeight;
      const box = isPage ? { top: 0, bottom: innerHeight } : scroller.getBoundingClientRect();
      const left = isPage ? 0 : scroller.getBoundingClientRect().left;
      const width = isPage ? innerWidth : scroller.clientWidth;
      const last = found.items[found.items.length - 1];
      // aria-setsize says whether the last entry in the page is the list's last: -1 while more
      // are to come. Without it, only the scroller's end and its height can tell.
      const size = last.getAttribute('aria-setsize');
      return {
        how: found.how,
        entries: found.items.length,
        isPage,
        scrollTop: scroller.scrollTop,
        scrollHeight: scroller.scrollHeight,
        isAtBottom:
          scroller.scrollTop + height >= scroller.scrollHeight - 2 ||
          last.getBoundingClientRect().bottom <= Math.min(box.bottom, innerHeight) + 1,
        isLast: size === null ? null : size !== '-1' && last.getAttribute('aria-posinset') === size,
        // Where a wheel over the list lands: the middle of its scroller's part in view.
        x: left + width / 2,
        y: (Math.max(box.top, 0) + Math.min(box.bottom, innerHeight)) / 2,
      };
    },
    // The list comes into view as a reader would have it before scrolling it: its scroll box
    // whole on the screen, or its first entry at the top when the page itself scrolls.
    bringIntoView() {
      const found = findEntries();
      const scroller = scrollerOf(found.list || found.items[0]);
      // 'instant': the page's own smooth scrolling would still be moving when the wheel starts.
      if (scroller === document.scrollingElement) {
        found.items[0].scrollIntoView({ block: 'start', behavior: 'instant' });
      } else scroller.scrollIntoView({ block: 'center', behavior: 'instant' });
    },
    focusFirst() {
      const found = findEntries();
      const button = found && found.items[0].querySelector('button, [tabindex]');
      if (button) button.focus();
      return Boolean(button);
    },
    // Interactions since start() (performance.interactionCount counts from the load).
    interactionCount: () => (performance.interactionCount || 0) - startCount,
  };
})()`;

export interface ListState {
  how: string;
  entries: number;
  isPage: boolean;
  scrollTop: number;
  scrollHeight: number;
  /** The last entry in the page is in view, or the scroller is at its end. */
  isAtBottom: boolean;
  /** Whether that entry is the list's last, when the list says (aria-setsize). */
  isLast: boolean | null;
  x: number;
  y: number;
}

export interface EventEntry {
  name: string;
  interactionId: number;
  duration: number;
  startTime: number;
  inputDelay: number;
  processing: number;
  presentation: number;
}

export interface LongFrame {
  startTime: number;
  duration: number;
  /** Its longest script: invoker, function and file, and its time. */
  script: string | null;
}
