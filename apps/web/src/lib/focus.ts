/*
 * Where keyboard focus goes when the element the user acted on is gone (docs/decisions/025):
 * a container may name, with data-return-focus="<id>", the element that stands in for any of
 * its children once they are gone or hidden (a column's heading, the menu's toggle); failing
 * that, the page's main heading. Focus never falls to <body> after an action in the page.
 */

/** The attribute a container carries to name the stand-in for its children. */
export const RETURN_FOCUS_ATTRIBUTE = 'data-return-focus';

/** Can take focus and be seen: connected, rendered, not inert. */
export function isFocusTarget(element: Element | null | undefined): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  if (element.closest('[inert], [hidden]')) return false;
  // jsdom has no layout and no checkVisibility: there, being connected and not hidden is enough.
  if (typeof element.checkVisibility === 'function' && !isJsdom()) {
    return element.checkVisibility({ visibilityProperty: true });
  }
  return true;
}

function isJsdom(): boolean {
  return typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom');
}

/** Focuses an element, making a heading or other static element programmatically focusable. */
export function focusElement(element: HTMLElement): boolean {
  if (!element.matches('a[href], button, input, select, textarea, [tabindex]')) {
    element.setAttribute('tabindex', '-1');
    element.dataset.programmaticFocus = '';
  }
  element.focus();
  return document.activeElement === element;
}

/** The page's main heading: the first h1 in <main>, or in the document. */
export function findPageHeading(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1')
  );
}

/** Focuses the page's main heading, or <main> itself; true when focus moved. */
export function focusPageHeading(): boolean {
  const heading = findPageHeading();
  if (heading && isFocusTarget(heading) && focusElement(heading)) return true;
  const main = document.querySelector<HTMLElement>('main');
  return main !== null && isFocusTarget(main) && focusElement(main);
}

/**
 * What to focus when `origin` (the element a dialog or menu was opened from) can no longer take
 * focus: the stand-in named by its nearest container, read when `origin` was still in place.
 */
export function rememberFocusFallback(origin: Element | null): () => boolean {
  const container = origin?.closest(`[${RETURN_FOCUS_ATTRIBUTE}]`) ?? null;
  const standInId = container?.getAttribute(RETURN_FOCUS_ATTRIBUTE) ?? null;
  return () => {
    if (standInId) {
      const standIn = document.getElementById(standInId);
      if (isFocusTarget(standIn) && focusElement(standIn)) return true;
    }
    return focusPageHeading();
  };
}

/** Focuses `target` when it can take focus, or else the fallback remembered for it. */
export function restoreFocus(target: HTMLElement | null, fallback: () => boolean): void {
  if (isFocusTarget(target)) {
    target.focus();
    if (document.activeElement === target) return;
  }
  fallback();
}
