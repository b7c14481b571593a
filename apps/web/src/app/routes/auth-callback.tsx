import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { exchangeGoogleCode } from '@/features/auth/api/exchange-google-code';
import { hasErrorCode } from '@/lib/api-client';
import { getLoginRedirect, useSession } from '@/lib/auth';
import { loadLandingPage } from '@/lib/landing-page';
import { markLandingNotice } from '@/lib/landing-notices';

/**
 * Where the sign-in provider sends the browser back: exchanges `code` (and `state`) for a
 * session, then goes on by the login redirect rule; any failure goes back to the landing page,
 * which says so (a full load, so the word is left for its script: decision 068).
 */
export function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  // The code is single use: exchange it once, even when effects run twice in development.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const code = searchParams.get('code');
    const state = searchParams.get('state');
    const fail = (error: unknown) => {
      // The email belongs to a password account that Google may not open (yet): say why, and
      // offer the login page, where its owner signs in with the password.
      if (hasErrorCode(error, 'ACCOUNT_NOT_VERIFIED')) {
        toast.error(error.message, { duration: 15_000 });
        void navigate(paths.login, { replace: true });
        return;
      }
      console.error(error);
      markLandingNotice('sign-in-failed');
      loadLandingPage();
    };
    if (!code) {
      fail(new Error(searchParams.get('error') ?? 'The sign-in provider sent no code'));
      return;
    }
    exchangeGoogleCode({ code, state, iss: searchParams.get('iss') }).then((answer) => {
      signIn(answer);
      void navigate(getLoginRedirect(answer.userData), { replace: true });
    }, fail);
  }, [searchParams, navigate, signIn]);

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center">
      <h1 className="sr-only">Signing you in</h1>
      <PageSpinner label="Signing you in" />
    </main>
  );
}
