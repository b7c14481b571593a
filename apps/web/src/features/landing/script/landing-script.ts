import type { SignInProviders } from '@wellspring/shared';
import { clearAccountDeletedNotice, hasAccountDeletedNotice } from '@/lib/account-deleted-notice';
import { readStoredSession } from '@/lib/auth-storage';
import {
  ACCORDION_ATTRIBUTE,
  CONDITION_ATTRIBUTE,
  DISMISS_ATTRIBUTE,
  MENU_TOGGLE_ATTRIBUTE,
  TAB_CONTENT_ATTRIBUTE,
  WITHOUT_GOOGLE_HREF_ATTRIBUTE,
  type VisitorCondition,
} from '@/lib/rendered-ahead-markers';

/*
 * The landing page's own script (decision 049): the page comes as the build rendered it
 * (src/prerender.tsx) and is never hydrated; this makes its interactive parts work with plain DOM
 * calls: the parts that depend on the visitor, the small-screen menu, the How It Works tabs and
 * the FAQ accordion. How a tab, a question or the menu button looks follows its ARIA state in the
 * components' classes, so the script sets only that state. No React, no router, no query cache:
 * links into the app are plain links and load the app.
 */

/** What the page knows of its visitor. */
export interface Visitor {
  isSignedIn: boolean;
  /** Unknown (null) until the server has answered. */
  providers: SignInProviders | null;
  hasAccountDeletedNotice: boolean;
}

/** Whether a part marked with `condition` shows for `visitor`. */
export function holds(condition: string | null, visitor: Visitor): boolean {
  switch (condition as VisitorCondition) {
    case 'signed-in':
      return visitor.isSignedIn;
    case 'signed-out':
      return !visitor.isSignedIn;
    case 'without-google':
      return visitor.providers !== null && !visitor.providers.google && !visitor.providers.dev;
    case 'dev-sign-in':
      return visitor.providers?.dev === true;
    case 'account-deleted':
      return visitor.hasAccountDeletedNotice;
    default:
      return false;
  }
}

/** The part a template of the page put in, by template. */
const putIn = new WeakMap<HTMLTemplateElement, Element>();

/**
 * Shows the parts whose condition holds and takes out the others: a part in the page is hidden, a
 * part in a template is put in after it (or taken out again). Then points the Google links.
 */
export function showVisitorParts(root: ParentNode, visitor: Visitor): void {
  for (const part of root.querySelectorAll<HTMLElement>(`[${CONDITION_ATTRIBUTE}]`)) {
    const isShown = holds(part.getAttribute(CONDITION_ATTRIBUTE), visitor);
    if (!(part instanceof HTMLTemplateElement)) {
      // Also a part put in from a template: it shows while its condition holds.
      part.hidden = !isShown;
      continue;
    }
    const current = putIn.get(part);
    if (isShown && !current) {
      const copy = part.content.firstElementChild?.cloneNode(true) as Element | undefined;
      if (!copy) continue;
      part.after(copy);
      putIn.set(part, copy);
    } else if (!isShown && current) {
      current.remove();
      putIn.delete(part);
    }
  }
  if (!holds('without-google', visitor)) return;
  for (const link of root.querySelectorAll<HTMLAnchorElement>(
    `a[${WITHOUT_GOOGLE_HREF_ATTRIBUTE}]`,
  )) {
    link.href = link.getAttribute(WITHOUT_GOOGLE_HREF_ATTRIBUTE)!;
  }
}

const controlled = (doc: Document, button: Element) =>
  doc.getElementById(button.getAttribute('aria-controls') ?? '');

/** The small-screen menu: its button opens and closes it, Escape and a followed link close it. */
export function setUpMenu(doc: Document): void {
  const button = doc.querySelector<HTMLButtonElement>(`button[${MENU_TOGGLE_ATTRIBUTE}]`);
  const menu = button && controlled(doc, button);
  if (!button || !menu) return;
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
  };
  button.addEventListener('click', () => setOpen(!isOpen()));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) setOpen(false);
  });
}

/** Each accordion: one answer open at a time; a question's button opens or closes its answer. */
export function setUpAccordions(doc: Document): void {
  for (const accordion of doc.querySelectorAll(`[${ACCORDION_ATTRIBUTE}]`)) {
    const buttons = [...accordion.querySelectorAll<HTMLButtonElement>('button[aria-controls]')];
    for (const button of buttons) {
      button.addEventListener('click', () => {
        const isOpening = button.getAttribute('aria-expanded') !== 'true';
        for (const other of buttons) {
          const isOpen = other === button && isOpening;
          other.setAttribute('aria-expanded', String(isOpen));
          const answer = controlled(doc, other);
          if (answer) answer.hidden = !isOpen;
        }
      });
    }
  }
}

const TAB_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index) => index + 1,
  ArrowDown: (index) => index + 1,
  ArrowLeft: (index) => index - 1,
  ArrowUp: (index) => index - 1,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Each tab list: a click or an arrow key (Home, End) selects a tab and shows its content. */
export function setUpTabs(doc: Document): void {
  for (const list of doc.querySelectorAll<HTMLElement>('[role="tablist"]')) {
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
    const select = (selected: number) => {
      tabs.forEach((tab, index) => {
        const isSelected = index === selected;
        tab.setAttribute('aria-selected', String(isSelected));
        tab.tabIndex = isSelected ? 0 : -1;
        const panel = controlled(doc, tab);
        if (!panel) return;
        if (isSelected) panel.setAttribute('aria-labelledby', tab.id);
        for (const content of panel.querySelectorAll<HTMLElement>(`[${TAB_CONTENT_ATTRIBUTE}]`)) {
          content.hidden = content.getAttribute(TAB_CONTENT_ATTRIBUTE) !== String(selected);
        }
      });
    };
    tabs.forEach((tab, index) => tab.addEventListener('click', () => select(index)));
    list.addEventListener('keydown', (event) => {
      const move = TAB_KEYS[event.key];
      const current = tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'true');
      if (!move || current < 0) return;
      event.preventDefault();
      const next = (move(current, tabs.length) + tabs.length) % tabs.length;
      select(next);
      tabs[next]!.focus();
    });
  }
}

/** GET /v1/auth/providers; null when the server cannot be asked (the page stays as built). */
export async function fetchSignInProviders(apiBase: string): Promise<SignInProviders | null> {
  try {
    const response = await fetch(`${apiBase}/v1/auth/providers`);
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: SignInProviders };
    return body.data ?? null;
  } catch {
    return null;
  }
}

/**
 * Makes the rendered-ahead landing page work: reads the visitor (the saved session; the
 * account-deleted word, said once), shows what holds, then asks the server for its sign-in
 * providers and shows what holds then.
 */
export async function startLandingPage(doc: Document, apiBase: string): Promise<void> {
  const { token, userId } = readStoredSession();
  const visitor: Visitor = {
    isSignedIn: Boolean(token && userId),
    providers: null,
    hasAccountDeletedNotice: hasAccountDeletedNotice(),
  };
  // Read once: a reload does not say it again.
  clearAccountDeletedNotice();
  showVisitorParts(doc, visitor);
  for (const button of doc.querySelectorAll(`[${DISMISS_ATTRIBUTE}]`)) {
    button.addEventListener('click', () => {
      visitor.hasAccountDeletedNotice = false;
      showVisitorParts(doc, visitor);
    });
  }
  setUpMenu(doc);
  setUpAccordions(doc);
  setUpTabs(doc);
  visitor.providers = await fetchSignInProviders(apiBase);
  showVisitorParts(doc, visitor);
}
