import {
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import {
  DIALOG_CLOSE_MS,
  DIALOG_OPEN_GRACE_MS,
  DIALOGS_KEPT_OPEN_ON_OUTSIDE_CLICK,
  type DialogContextMap,
  type DialogName,
} from '@/config/dialogs';
import { cn } from '@/lib/cn';
import { rememberFocusFallback, restoreFocus } from '@/lib/focus';
import { Spinner } from '../spinner';
import { DialogApiContext, DialogPanelContext, type DialogApi } from './dialog-context';
import { setDialogShowing } from './dialog-presence';

/** What a dialog's body receives. */
export interface DialogBodyProps<N extends DialogName> {
  contextData: DialogContextMap[N];
  close: () => void;
}

export type DialogSize = 'sm' | 'md' | 'lg';

export interface DialogDefinition<N extends DialogName = DialogName> {
  component: ComponentType<DialogBodyProps<N>>;
  size?: DialogSize;
  /** Loads the body ahead of its opening (useDialog().preload); once is enough. */
  preload?: () => void;
}

/** The dialogs the app can open, by name. A name without an entry cannot be opened. */
export type DialogRegistry = { [N in DialogName]?: DialogDefinition<N> };

interface CurrentDialog {
  name: DialogName;
  contextData: unknown;
  phase: 'open' | 'closing';
  key: number;
}

const SIZES: Record<DialogSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-md',
  lg: 'max-w-2xl',
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function getFocusable(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

export function isDismissibleDialog(name: DialogName): boolean {
  return !DIALOGS_KEPT_OPEN_ON_OUTSIDE_CLICK.includes(name);
}

/**
 * Holds one dialog at a time as a modal overlay: the page behind is inert, focus stays inside
 * and returns where it was on close. A click outside (or Escape) closes the dismissible ones,
 * except within 100 ms of opening; closing animates for 200 ms before the dialog unmounts.
 */
export function DialogProvider({
  registry,
  children,
}: {
  registry: DialogRegistry;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState<CurrentDialog | null>(null);
  const openedAt = useRef(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const focusFallback = useRef<() => boolean>(() => false);
  const isShowing = useRef(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const baseId = useId();

  const open = useCallback<DialogApi['open']>(
    (name, ...args) => {
      if (!registry[name]) throw new Error(`Dialog with the name of ${name} does not exist!`);
      clearTimeout(closeTimer.current);
      if (!isShowing.current) {
        const active = document.activeElement;
        returnFocusTo.current = active instanceof HTMLElement ? active : null;
        focusFallback.current = rememberFocusFallback(active);
      }
      isShowing.current = true;
      openedAt.current = Date.now();
      setCurrent((prev) => ({
        name,
        contextData: args[0],
        phase: 'open',
        key: (prev?.key ?? 0) + 1,
      }));
    },
    [registry],
  );

  const close = useCallback(() => {
    setCurrent((prev) => (prev && prev.phase === 'open' ? { ...prev, phase: 'closing' } : prev));
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      isShowing.current = false;
      setCurrent(null);
    }, DIALOG_CLOSE_MS);
  }, []);

  /** A close asked for by the user: ignored within 100 ms of opening. */
  const dismiss = useCallback(() => {
    if (Date.now() - openedAt.current < DIALOG_OPEN_GRACE_MS) return;
    close();
  }, [close]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const hasDialog = current !== null;
  useEffect(() => {
    setDialogShowing(hasDialog);
    return () => setDialogShowing(false);
  }, [hasDialog]);

  // Focus moves into a newly opened dialog, and back where it was once the dialog is gone; when
  // that element has gone or hidden meanwhile (a completed task's card, a closed menu's button),
  // to the stand-in its container names, or the page's heading: never to <body>.
  const currentKey = current?.key;
  const hasOpened = useRef(false);
  useEffect(() => {
    if (currentKey === undefined) {
      if (!hasOpened.current) return;
      const target = returnFocusTo.current;
      returnFocusTo.current = null;
      restoreFocus(target, focusFallback.current);
      return;
    }
    hasOpened.current = true;
    const panel = panelRef.current;
    if (!panel) return;
    const preferred = panel.querySelector<HTMLElement>('[data-autofocus]');
    (preferred ?? panel).focus();
    if (preferred) return;
    // A body still loading (Suspense) shows its preferred element later: focus moves to it then,
    // unless the user has moved focus meanwhile.
    const observer = new MutationObserver(() => {
      const late = panel.querySelector<HTMLElement>('[data-autofocus]');
      if (!late) return;
      observer.disconnect();
      if (document.activeElement === panel) late.focus();
    });
    observer.observe(panel, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [currentKey]);

  const preload = useCallback<DialogApi['preload']>(
    (name) => registry[name]?.preload?.(),
    [registry],
  );

  const api = useMemo<DialogApi>(
    () => ({ open, close, preload, openName: current?.phase === 'open' ? current.name : null }),
    [open, close, preload, current],
  );

  const definition = current ? (registry[current.name] as DialogDefinition | undefined) : undefined;
  const isDismissible = current ? isDismissibleDialog(current.name) : false;

  // A press that starts inside the panel and ends outside (selecting text) is not a click outside.
  const pressStart = useRef<EventTarget | null>(null);
  const onOverlayMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStart.current = event.target;
  };
  const onOverlayClick = (event: MouseEvent<HTMLDivElement>) => {
    const startedOutside =
      pressStart.current === null || pressStart.current === event.currentTarget;
    pressStart.current = null;
    if (event.target !== event.currentTarget || !startedOutside || !isDismissible) return;
    dismiss();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (isDismissible) dismiss();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = getFocusable(panelRef.current);
    if (focusable.length === 0) {
      event.preventDefault();
      panelRef.current.focus();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const titleId = `${baseId}-title`;
  const descriptionId = `${baseId}-description`;
  const Body = definition?.component;

  return (
    <DialogApiContext.Provider value={api}>
      <div className="contents" inert={current ? true : undefined}>
        {children}
      </div>
      {current &&
        Body &&
        createPortal(
          <div
            className="dialog-overlay fixed inset-0 z-50 flex items-end justify-center bg-ink/45 p-3 backdrop-blur-[2px] sm:items-center sm:p-6"
            data-state={current.phase}
            data-testid="dialog-overlay"
            onMouseDown={onOverlayMouseDown}
            onClick={onOverlayClick}
            onKeyDown={onKeyDown}
          >
            <div
              key={current.key}
              ref={panelRef}
              role="dialog"
              aria-modal="true"
              aria-labelledby={titleId}
              tabIndex={-1}
              data-dialog={current.name}
              data-state={current.phase}
              className={cn(
                'dialog-panel flex max-h-[calc(100dvh-1.5rem)] w-full flex-col overflow-hidden rounded-2xl bg-card shadow-dialog outline-none sm:max-h-[calc(100dvh-3rem)]',
                SIZES[definition.size ?? 'md'],
              )}
            >
              <DialogPanelContext.Provider
                value={{ titleId, descriptionId, dismiss, isDismissible }}
              >
                <Suspense
                  fallback={
                    <div className="flex justify-center p-10">
                      <Spinner />
                    </div>
                  }
                >
                  <Body contextData={current.contextData as never} close={close} />
                </Suspense>
              </DialogPanelContext.Provider>
            </div>
          </div>,
          document.body,
        )}
    </DialogApiContext.Provider>
  );
}
