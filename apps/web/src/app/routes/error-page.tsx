import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import sadPersonUrl from '@/assets/sad-person.svg?no-inline';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSession } from '@/lib/auth';
import { getErrorContent } from '@/lib/error-content';
import { loadLandingPage } from '@/lib/landing-page';

/** The root error page of SPEC.md section 2: code, title, message, Go Back, a sad person. */
export function ErrorPage() {
  const error = useRouteError();
  const { signOut } = useSession();
  const content = getErrorContent(error);
  usePageTitle();

  useEffect(() => {
    if (content.clearsSession) signOut();
  }, [content.clearsSession, signOut]);

  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="px-4 py-5 sm:px-8">
        <Logo />
      </header>
      <main
        id="main"
        className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-5 px-4 pb-16 text-center"
      >
        <img
          src={sadPersonUrl}
          alt="A sad person sitting under a small rain cloud"
          width={320}
          height={240}
          className="h-auto w-64 sm:w-80"
        />
        <p className="text-brand-gradient text-5xl font-extrabold tracking-tight sm:text-6xl">
          {content.code}
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{content.title}</h1>
        <p className="max-w-md text-lg leading-relaxed text-ink-soft">{content.message}</p>
        <Button size="lg" className="mt-2" onClick={loadLandingPage}>
          Go Back
        </Button>
      </main>
    </div>
  );
}
