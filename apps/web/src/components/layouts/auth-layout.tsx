import { ArrowLeft, BookHeart, Gift, Smile } from 'lucide-react';
import type { ReactNode } from 'react';
import { GoogleSignInButton } from '@/components/ui/google-sign-in-button';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import {
  DEV_SIGN_IN_TEXT,
  GOOGLE_NOT_SET_UP_AUTH_TEXT,
  useSignInProviders,
} from '@/lib/sign-in-providers';

const POINTS = [
  { text: 'Name your mood in one tap', Icon: Smile },
  { text: 'Keep a private daily diary', Icon: BookHeart },
  { text: 'Unlock calm artwork as rewards', Icon: Gift },
] as const;

/**
 * The login and register pages: the form on the right, a calm brand panel on wide screens. Their
 * links to the landing page load it in full: the app never renders it (decision 068).
 */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
  showGoogleSignIn = true,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
  /** False on the pages of emailed links and password resets, which are not sign-in pages. */
  showGoogleSignIn?: boolean;
}) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <aside
        className="on-dark relative hidden overflow-hidden bg-night p-12 text-white lg:flex lg:flex-col lg:justify-between"
        aria-label="About Wellspring"
      >
        <div
          className="pointer-events-none absolute -top-32 -left-24 size-96 rounded-full bg-brand-fill opacity-50 blur-3xl"
          aria-hidden
        />
        <div
          className="pointer-events-none absolute -right-24 -bottom-32 size-96 rounded-full bg-brand-purple opacity-40 blur-3xl"
          aria-hidden
        />
        <a
          href={paths.home.landing}
          className="relative w-fit rounded-lg"
          aria-label="Wellspring, home"
        >
          <Logo tone="white" />
        </a>
        <div className="relative flex max-w-md flex-col gap-8">
          <p className="text-3xl leading-snug font-semibold">
            “One small kind thing for yourself, every day, adds up to a lot.”
          </p>
          <ul className="flex flex-col gap-4">
            {POINTS.map(({ text, Icon }) => (
              <li key={text} className="flex items-center gap-3 text-white/90">
                <span className="flex size-10 items-center justify-center rounded-xl bg-white/10">
                  <Icon className="size-5" aria-hidden />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-white/75">© 2024 Wellspring</p>
      </aside>

      <main id="main" className="flex flex-col px-4 py-6 sm:px-8 lg:px-16">
        <div className="flex items-center justify-between">
          <a
            href={paths.home.landing}
            className="inline-flex items-center gap-2 rounded-lg py-2 pr-2 text-sm font-medium text-ink-soft hover:text-brand-violet"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Back
          </a>
          <a
            href={paths.home.landing}
            className="rounded-lg lg:hidden"
            aria-label="Wellspring, home"
          >
            <Logo />
          </a>
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <div className="mb-8 flex flex-col gap-2">
            <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
            <p className="text-ink-soft">{subtitle}</p>
          </div>
          {children}
          {showGoogleSignIn && <GoogleSignInChoice />}
          <p className="mt-8 text-center text-sm text-ink-soft">{footer}</p>
        </div>
      </main>
    </div>
  );
}

/**
 * "or Continue with Google", labelled when it leads to the development sign-in. On a server
 * without Google sign-in there is no button (it could only lead back here): a line says why.
 */
function GoogleSignInChoice() {
  const { hasGoogle, isDevSignIn } = useSignInProviders();
  if (!hasGoogle) {
    return <p className="mt-6 text-center text-sm text-ink-soft">{GOOGLE_NOT_SET_UP_AUTH_TEXT}</p>;
  }
  return (
    <>
      <div className="my-6 flex items-center gap-4 text-sm text-ink-muted">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <GoogleSignInButton label="Continue with Google" size="lg" className="w-full" />
      {isDevSignIn && <p className="mt-3 text-center text-xs text-ink-muted">{DEV_SIGN_IN_TEXT}</p>}
    </>
  );
}
