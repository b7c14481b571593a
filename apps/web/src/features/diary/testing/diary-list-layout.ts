import { afterEach, beforeAll, beforeEach } from 'vitest';

/*
 * jsdom lays nothing out: to My Diary's virtualised list (decision 085) its scroll box would be 0
 * px high, and it would show no card at all. These give the box and each card the heights a
 * browser would (the sizes the virtualiser reads: the box's clientHeight, a row's offsetHeight),
 * the way test/setup.ts gives jsdom a matchMedia.
 */

export interface DiaryListLayout {
  /** The scroll box's height. */
  boxPx: number;
  /** A row's height, from its element (its text, say). */
  rowPx: (row: HTMLElement) => number;
}

export const DEFAULT_LAYOUT: DiaryListLayout = { boxPx: 600, rowPx: () => 120 };

/** The list's scroll box: the element whose child is the named list of entries. */
function isListBox(element: HTMLElement): boolean {
  const child = element.firstElementChild;
  return child?.tagName === 'UL' && child.hasAttribute('aria-labelledby');
}

function isRow(element: HTMLElement): boolean {
  return element.tagName === 'LI' && element.hasAttribute('data-index');
}

/** Gives the list's box and rows their heights until the returned function puts jsdom's back. */
export function stubDiaryListLayout(layout: DiaryListLayout = DEFAULT_LAYOUT): () => void {
  const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isRow(this) ? layout.rowPx(this) : (offsetHeight?.get?.call(this) ?? 0);
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isListBox(this) ? layout.boxPx : (clientHeight?.get?.call(this) ?? 0);
    },
  });
  return () => {
    if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
    // clientHeight is Element's own: the stand-in on HTMLElement goes.
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  };
}

/**
 * The same for every test of a file; and the list's lazy chunk is loaded before the first test:
 * transformed on demand (the virtualiser is 65 kB of source), on a busy machine it took the most
 * of the first test's 5 s to find a card.
 */
export function setUpDiaryListPerTest(layout: DiaryListLayout = DEFAULT_LAYOUT): void {
  beforeAll(async () => {
    await import('../components/diary-list');
  }, 30_000);
  let restore = () => {};
  beforeEach(() => {
    restore = stubDiaryListLayout(layout);
  });
  afterEach(() => restore());
}
