import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  GoogleLogo,
  GoogleSignInButton,
  GoogleSignInLink,
} from '@/components/ui/google-sign-in-button';
import { buttonClasses } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { landingAnchors, paths } from '@/config/paths';
import { BySession, useIsRenderedAhead } from '@/lib/rendered-ahead';
import { MENU_TOGGLE_ATTRIBUTE } from '@/lib/rendered-ahead-markers';
import { OPEN_APP_TEXT } from './get-started-link';

const ANCHORS = [
  { label: 'Home', to: landingAnchors.home },
  { label: 'About', to: landingAnchors.about },
  { label: 'Flow', to: landingAnchors.flow },
  { label: 'FAQ', to: landingAnchors.faq },
] as const;

const OPEN_MENU_TEXT = 'Open sections menu';
const CLOSE_MENU_TEXT = 'Close sections menu';

/**
 * The menu button's words. Rendered ahead, both, and the button's aria-expanded shows one: the
 * page's script only sets aria-expanded (decision 049).
 */
function MenuButtonText({ isMenuOpen }: { isMenuOpen: boolean }) {
  if (!useIsRenderedAhead()) {
    return <span className="sr-only">{isMenuOpen ? CLOSE_MENU_TEXT : OPEN_MENU_TEXT}</span>;
  }
  return (
    <>
      <span className="sr-only group-aria-expanded:hidden">{OPEN_MENU_TEXT}</span>
      <span className="sr-only hidden group-aria-expanded:inline">{CLOSE_MENU_TEXT}</span>
    </>
  );
}

/** The sticky top bar of the public area: anchors to the landing sections and sign-in. */
export function LandingHeader() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const [closedAt, setClosedAt] = useState(location.key);
  if (closedAt !== location.key) {
    // A navigation (an anchor was followed) closes the small-screen menu.
    setClosedAt(location.key);
    setIsMenuOpen(false);
  }

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isMenuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-card/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to={paths.home.landing} className="rounded-lg" aria-label="Wellspring, home">
          <Logo />
        </Link>

        <nav aria-label="Sections" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {ANCHORS.map((anchor) => (
              <li key={anchor.label}>
                <Link
                  to={anchor.to}
                  className="rounded-full px-4 py-2 text-sm font-medium text-ink-soft transition hover:bg-surface hover:text-brand-violet"
                >
                  {anchor.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <BySession
            signedIn={
              <Link
                to={paths.app.dashboard}
                className={buttonClasses({ variant: 'primary', size: 'sm' })}
              >
                {OPEN_APP_TEXT}
              </Link>
            }
            signedOut={
              <>
                <span className="hidden sm:block">
                  <GoogleSignInButton />
                </span>
                <GoogleSignInLink className="inline-flex h-10 items-center gap-2 rounded-full border border-[#747775] bg-white px-3.5 text-sm font-medium text-[#1F1F1F] sm:hidden">
                  <GoogleLogo className="size-[18px]" />
                  Sign in<span className="sr-only"> with Google</span>
                </GoogleSignInLink>
              </>
            }
          />
          <button
            type="button"
            className="group flex size-10 items-center justify-center rounded-full text-ink hover:bg-surface md:hidden"
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            onClick={() => setIsMenuOpen((open) => !open)}
            {...{ [MENU_TOGGLE_ATTRIBUTE]: '' }}
          >
            {/* Drawn by aria-expanded, so that the rendered-ahead page's script need not. */}
            <X className="hidden size-5 group-aria-expanded:block" aria-hidden />
            <Menu className="size-5 group-aria-expanded:hidden" aria-hidden />
            <MenuButtonText isMenuOpen={isMenuOpen} />
          </button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label="Sections"
        hidden={!isMenuOpen}
        className="border-t border-line/70 bg-card px-4 pb-4 md:hidden"
      >
        <ul className="grid grid-cols-2 gap-2 pt-3">
          {ANCHORS.map((anchor) => (
            <li key={anchor.label}>
              <Link
                to={anchor.to}
                onClick={() => setIsMenuOpen(false)}
                className="block rounded-xl bg-surface px-4 py-3 text-sm font-medium text-ink"
              >
                {anchor.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
