import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses, type ButtonVariant } from '@/components/ui/button';
import { GoogleSignInLink } from '@/components/ui/google-sign-in-button';
import { paths } from '@/config/paths';
import { BySession } from '@/lib/rendered-ahead';

/** What a signed-in visitor is offered instead of signing in again. */
export const OPEN_APP_TEXT = 'Open your dashboard';

/**
 * Get Started: the sign-in button of SPEC.md, to Google sign-in (or sign-up without it); for a
 * visitor already signed in, the way into the app.
 */
export function GetStartedLink({
  variant = 'primary',
  className,
}: {
  variant?: ButtonVariant;
  className?: string;
}) {
  return (
    <BySession
      signedIn={
        <Link
          to={paths.app.dashboard}
          className={buttonClasses({ variant, size: 'lg', className })}
        >
          {OPEN_APP_TEXT}
          <ArrowRight className="size-5" aria-hidden />
        </Link>
      }
      signedOut={
        <GoogleSignInLink className={buttonClasses({ variant, size: 'lg', className })}>
          Get Started
          <ArrowRight className="size-5" aria-hidden />
        </GoogleSignInLink>
      }
    />
  );
}
