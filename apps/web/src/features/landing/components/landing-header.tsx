import { Menu, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  GoogleLogo,
  GoogleSignInButton,
  GoogleSignInLink,
} from '@/components/ui/google-sign-in-button';
import { buttonClasses } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { landingAnchors, paths } from '@/config/paths';
import { BySession } from '@/lib/rendered-ahead';
import { MENU_TOGGLE_ATTRIBUTE } from '@/lib/rendered-ahead-markers';
import { scriptedPart, setUpMenu } from '../script/landing-script';
import { OPEN_APP_TEXT } from './get-started-link';

const ANCHORS = [
  { label: 'Home', to: landingAnchors.home },
  { label: 'About', to: landingAnchors.about },
  { label: 'Flow', to: landingAnchors.flow },
  { label: 'FAQ', to: landingAnchors.faq },
] as const;

const OPEN_MENU_TEXT = 'Open sections menu';
const CLOSE_MENU_TEXT = 'Close sections menu';

const attachMenu = scriptedPart(setUpMenu);

/**
 * The sticky top bar of the public area: anchors to the landing sections and sign-in. Static
 * markup, the small-screen menu closed: the landing page's script opens and closes it, on the
 * rendered page and, through the ref, on the app's public pages (decision 068). Its button's icon
 * and words follow its aria-expanded (decision 049). The landing page is never rendered by the
 * app, so its links load it in full.
 */
export function LandingHeader() {
  const menuId = useId();
  return (
    <header
      ref={attachMenu}
      className="sticky top-0 z-40 border-b border-line/70 bg-card/85 backdrop-blur-md"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <a href={paths.home.landing} className="rounded-lg" aria-label="Wellspring, home">
          <Logo />
        </a>

        <nav aria-label="Sections" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {ANCHORS.map((anchor) => (
              <li key={anchor.label}>
                <a
                  href={anchor.to}
                  className="rounded-full px-4 py-2 text-sm font-medium text-ink-soft transition hover:bg-surface hover:text-brand-violet"
                >
                  {anchor.label}
                </a>
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
            aria-expanded={false}
            aria-controls={menuId}
            {...{ [MENU_TOGGLE_ATTRIBUTE]: '' }}
          >
            <X className="hidden size-5 group-aria-expanded:block" aria-hidden />
            <Menu className="size-5 group-aria-expanded:hidden" aria-hidden />
            <span className="sr-only group-aria-expanded:hidden">{OPEN_MENU_TEXT}</span>
            <span className="sr-only hidden group-aria-expanded:inline">{CLOSE_MENU_TEXT}</span>
          </button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label="Sections"
        hidden
        className="border-t border-line/70 bg-card px-4 pb-4 md:hidden"
      >
        <ul className="grid grid-cols-2 gap-2 pt-3">
          {ANCHORS.map((anchor) => (
            <li key={anchor.label}>
              <a
                href={anchor.to}
                className="block rounded-xl bg-surface px-4 py-3 text-sm font-medium text-ink"
              >
                {anchor.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
