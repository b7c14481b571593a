import type { SignInProviders } from '@wellspring/shared';
import { readStoredSession } from '@/lib/auth-storage';
import { takeLandingNotices, type LandingNotice } from '@/lib/landing-notices';
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
 *
 * It is the only implementation of the menu, the tabs and the accordion (decision 068): the
 * components are static markup, and where the app renders them (the FAQ, Terms and Privacy pages
 * share the top bar and the accordion) a ref callback sets the same functions up on them.
 */

/** What the page knows of its visitor. */
export interface Visitor {
  isSignedIn: boolean;
  /** Unknown (null) until the server has answered. */
  providers: SignInProviders | null;
  /** The words left for this arrival (lib/landing-notices.ts), until dismissed. */
  notices: Set<LandingNotice>;
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
    case 'sign-in-failed':
      return visitor.notices.has(condition as LandingNotice);
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

/** Sets a part's behaviour up in `root`; undone when `signal` aborts. */
export type SetUpPart = (root: ParentNode, signal?: AbortSignal) => void;

/** The elements matching `selector` in `root`, `root` itself included. */
function partsIn<T extends Element>(root: ParentNode, selector: string): T[] {
  const inside = [...root.querySelectorAll<T>(selector)];
  return root instanceof Element && root.matches(selector) ? [root as T, ...inside] : inside;
}

const documentOf = (root: ParentNode): Document =>
  root instanceof Document ? root : (root as Node).ownerDocument!;

const controlled = (button: Element) =>
  button.ownerDocument.getElementById(button.getAttribute('aria-controls') ?? '');

/** The small-screen menu: its button opens and closes it, Escape and a followed link close it. */
export const setUpMenu: SetUpPart = (root, signal) => {
  const [button] = partsIn<HTMLButtonElement>(root, `button[${MENU_TOGGLE_ATTRIBUTE}]`);
  const menu = button && controlled(button);
  if (!button || !menu) return;
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
  };
  button.addEventListener('click', () => setOpen(!isOpen()), { signal });
  menu.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element).closest('a')) setOpen(false);
    },
    { signal },
  );
  documentOf(root).addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape' && isOpen()) setOpen(false);
    },
    { signal },
  );
};

/** Each accordion: one answer open at a time; a question's button opens or closes its answer. */
export const setUpAccordions: SetUpPart = (root, signal) => {
  for (const accordion of partsIn(root, `[${ACCORDION_ATTRIBUTE}]`)) {
    const buttons = [...accordion.querySelectorAll<HTMLButtonElement>('button[aria-controls]')];
    for (const button of buttons) {
      button.addEventListener(
        'click',
        () => {
          const isOpening = button.getAttribute('aria-expanded') !== 'true';
          for (const other of buttons) {
            const isOpen = other === button && isOpening;
            other.setAttribute('aria-expanded', String(isOpen));
            const answer = controlled(other);
            if (answer) answer.hidden = !isOpen;
          }
        },
        { signal },
      );
    }
  }
};

const TAB_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index) => index + 1,
  ArrowDown: (index) => index + 1,
  ArrowLeft: (index) => index - 1,
  ArrowUp: (index) => index - 1,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Each tab list: a click or an arrow key (Home, End) selects a tab and shows its content. */
export const setUpTabs: SetUpPart = (root, signal) => {
  for (const list of partsIn<HTMLElement>(root, '[role="tablist"]')) {
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
    const select = (selected: number) => {
      tabs.forEach((tab, index) => {
        const isSelected = index === selected;
        tab.setAttribute('aria-selected', String(isSelected));
        tab.tabIndex = isSelected ? 0 : -1;
        const panel = controlled(tab);
        if (!panel) return;
        if (isSelected) panel.setAttribute('aria-labelledby', tab.id);
        for (const content of panel.querySelectorAll<HTMLElement>(`[${TAB_CONTENT_ATTRIBUTE}]`)) {
          content.hidden = content.getAttribute(TAB_CONTENT_ATTRIBUTE) !== String(selected);
        }
      });
    };
    tabs.forEach((tab, index) => tab.addEventListener('click', () => select(index), { signal }));
    list.addEventListener(
      'keydown',
      (event) => {
        const move = TAB_KEYS[event.key];
        const current = tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'true');
        if (!move || current < 0) return;
        event.preventDefault();
        const next = (move(current, tabs.length) + tabs.length) % tabs.length;
        select(next);
        tabs[next]!.focus();
      },
      { signal },
    );
  }
};

/**
 * A ref callback that sets `setUp` up on its element while React keeps it in the page: how the
 * app's pages that share these parts with the landing page make them work (decision 068).
 */
export function scriptedPart(setUp: SetUpPart): (element: HTMLElement | null) => () => void {
  return (element) => {
    const controller = new AbortController();
    if (element) setUp(element, controller.signal);
    return () => controller.abort();
  };
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
 * Makes the rendered-ahead landing page work: reads the visitor (the saved session; the words
 * left for this arrival, said once), shows what holds, then asks the server for its sign-in
 * providers and shows what holds then.
 */
export async function startLandingPage(doc: Document, apiBase: string): Promise<void> {
  const { token, userId } = readStoredSession();
  const visitor: Visitor = {
    isSignedIn: Boolean(token && userId),
    providers: null,
    // Read once: a reload does not say them again.
    notices: takeLandingNotices(),
  };
  showVisitorParts(doc, visitor);
  // A Dismiss button takes away the word it is in.
  for (const button of doc.querySelectorAll(`[${DISMISS_ATTRIBUTE}]`)) {
    button.addEventListener('click', () => {
      const part = button.closest(`[${CONDITION_ATTRIBUTE}]`);
      visitor.notices.delete(part?.getAttribute(CONDITION_ATTRIBUTE) as LandingNotice);
      showVisitorParts(doc, visitor);
    });
  }
  setUpMenu(doc);
  setUpAccordions(doc);
  setUpTabs(doc);
  visitor.providers = await fetchSignInProviders(apiBase);
  showVisitorParts(doc, visitor);
}
