import type { User } from '@wellspring/shared';
import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { ScrollArea } from '@/components/ui/scroll-area';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { isNavEntryActive, NAV_ENTRIES } from './nav-entries';
import { UserButton } from './user-button';

interface NavigationProps {
  user: User | undefined;
  onOpenProfile: () => void;
}

/** Above 1200 px: the wide top bar with the entries, the Reward button and the user. */
export function WideNavBar({
  user,
  onOpenProfile,
  rewardSlot,
}: NavigationProps & { rewardSlot?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-card/90 backdrop-blur-md">
      <div className="mx-auto flex h-[72px] max-w-[1440px] items-center gap-6 px-8">
        <Link to={paths.app.dashboard} className="rounded-lg" aria-label="Wellspring, dashboard">
          <Logo />
        </Link>
        <nav aria-label="Main" className="flex-1">
          <ul className="flex items-center justify-center gap-1">
            {NAV_ENTRIES.map((entry) => {
              const isActive = isNavEntryActive(entry, pathname, 'wide');
              return (
                <li key={entry.label}>
                  <Link
                    to={entry.to.wide}
                    aria-current={isActive ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-2 rounded-full px-4 py-2.5 text-sm font-semibold transition',
                      isActive
                        ? 'bg-brand-fill text-white shadow-button'
                        : 'text-ink-soft hover:bg-surface hover:text-brand-violet',
                    )}
                  >
                    <entry.Icon className="size-[18px]" aria-hidden />
                    {entry.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex items-center gap-3">
          {rewardSlot}
          <UserButton user={user} onClick={onOpenProfile} className="max-w-56" />
        </div>
      </div>
    </header>
  );
}

/** Everything Tab can reach inside the open menu, in order. */
function getMenuStops(panel: HTMLElement, toggle: HTMLElement): HTMLElement[] {
  const inPanel = Array.from(
    panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex="0"]'),
  );
  return [...inPanel, toggle];
}

/**
 * At or below 1200 px: a floating button that opens the compact menu. The open menu is a modal
 * dialog: the page behind it is inert, Tab and Shift+Tab go round its entries and the toggle, and
 * Escape closes it and gives focus back to the toggle (docs/decisions/025).
 */
export function CompactNav({ user, onOpenProfile }: NavigationProps) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const toggleId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setIsOpen(false);
  }

  useEffect(() => {
    const panel = panelRef.current;
    const toggle = buttonRef.current;
    if (!isOpen || !panel || !toggle) return;
    panel.querySelector<HTMLElement>('a, button')?.focus();
    // Everything beside the menu (the page, the skip link) is out of reach while it is open.
    const outside = Array.from(panel.parentElement?.children ?? []).filter(
      (element): element is HTMLElement =>
        element instanceof HTMLElement &&
        element !== panel &&
        !element.contains(toggle) &&
        !element.hasAttribute('inert') &&
        !element.hasAttribute('data-menu-backdrop'),
    );
    outside.forEach((element) => element.setAttribute('inert', ''));

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsOpen(false);
        toggle.focus();
        return;
      }
      if (event.key !== 'Tab') return;
      const stops = getMenuStops(panel, toggle);
      const index = stops.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey
        ? stops[index <= 0 ? stops.length - 1 : index - 1]
        : stops[index === -1 || index === stops.length - 1 ? 0 : index + 1];
      if (!next) return;
      event.preventDefault();
      next.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.contains(target) && !toggle.contains(target)) {
        setIsOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      outside.forEach((element) => element.removeAttribute('inert'));
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);

  return (
    <>
      {isOpen && <div className="fixed inset-0 z-40 bg-ink/20" aria-hidden data-menu-backdrop />}
      <div
        ref={panelRef}
        id={menuId}
        hidden={!isOpen}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        // A dialog opened from the menu (the profile) gives focus back to the toggle.
        data-return-focus={toggleId}
        className="fixed right-4 bottom-[calc(var(--menu-strip-height)+0.75rem)] z-50 w-[min(20rem,calc(100vw-2rem))] origin-bottom-right animate-fade-up rounded-2xl border border-line bg-card p-3 shadow-dialog"
      >
        <UserButton
          user={user}
          onClick={() => {
            setIsOpen(false);
            onOpenProfile();
          }}
          isBlock
          className="mb-2"
        />
        <ScrollArea className="max-h-[60dvh] border-t border-line pt-2">
          <nav aria-label="Main">
            <ul className="flex flex-col gap-1">
              {NAV_ENTRIES.map((entry) => {
                const isActive = isNavEntryActive(entry, location.pathname, 'compact');
                return (
                  <li key={entry.label}>
                    <Link
                      to={entry.to.compact}
                      aria-current={isActive ? 'page' : undefined}
                      className={cn(
                        'flex items-center gap-3 rounded-xl px-3 py-3 text-[15px] font-semibold transition',
                        isActive
                          ? 'bg-brand-fill text-white'
                          : 'text-ink-soft hover:bg-surface hover:text-brand-violet',
                      )}
                    >
                      <entry.Icon className="size-5" aria-hidden />
                      {entry.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </ScrollArea>
      </div>
      {/* The button's own strip: the page keeps this room free (index.css), so the button
          covers nothing the page shows. */}
      <div className="menu-strip fixed inset-x-0 bottom-0 z-40 flex h-(--menu-strip-height) items-center justify-end border-t border-line/70 bg-card/95 px-4 pb-[env(safe-area-inset-bottom)] backdrop-blur-md">
        <button
          ref={buttonRef}
          id={toggleId}
          type="button"
          aria-expanded={isOpen}
          aria-controls={menuId}
          onClick={() => setIsOpen((open) => !open)}
          className="relative z-50 flex size-14 items-center justify-center rounded-full bg-brand-button text-white shadow-lifted transition hover:brightness-110"
        >
          {isOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
          <span className="sr-only">{isOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
      </div>
    </>
  );
}
