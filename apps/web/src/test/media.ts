/**
 * A window.matchMedia for jsdom driven by a viewport width: min-width and max-width queries
 * answer for that width, anything else (prefers-*) answers false.
 */
type Listener = (event: { matches: boolean; media: string }) => void;

let viewportWidth = 1024;
const registered = new Set<{ query: string; listener: Listener; last: boolean }>();

export function evaluateMediaQuery(query: string, width = viewportWidth): boolean {
  const parts = query.split(/\s+and\s+/i);
  return parts.every((part) => {
    const min = /\(\s*min-width:\s*(\d+(?:\.\d+)?)px\s*\)/i.exec(part);
    if (min) return width >= Number(min[1]);
    const max = /\(\s*max-width:\s*(\d+(?:\.\d+)?)px\s*\)/i.exec(part);
    if (max) return width <= Number(max[1]);
    return false;
  });
}

function createMediaQueryList(query: string): MediaQueryList {
  const add = (listener: Listener) => {
    registered.add({ query, listener, last: evaluateMediaQuery(query) });
  };
  const remove = (listener: Listener) => {
    for (const entry of registered) if (entry.listener === listener) registered.delete(entry);
  };
  return {
    media: query,
    get matches() {
      return evaluateMediaQuery(query);
    },
    onchange: null,
    addEventListener: (_type: string, listener: Listener) => add(listener),
    removeEventListener: (_type: string, listener: Listener) => remove(listener),
    addListener: add,
    removeListener: remove,
    dispatchEvent: () => true,
  } as unknown as MediaQueryList;
}

export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => createMediaQueryList(query),
  });
}

/** Resizes the pretend viewport and tells every listener whose query flipped. */
export function setViewportWidth(width: number): void {
  viewportWidth = width;
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  for (const entry of [...registered]) {
    const matches = evaluateMediaQuery(entry.query);
    if (matches !== entry.last) {
      entry.last = matches;
      entry.listener({ matches, media: entry.query });
    }
  }
}
