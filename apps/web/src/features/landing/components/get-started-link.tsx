import { ArrowRight } from 'lucide-react';
import { buttonClasses, type ButtonVariant } from '@/components/ui/button';
import { GoogleSignInLink } from '@/components/ui/google-sign-in-button';

/** Get Started: the sign-in button of SPEC.md, to Google sign-in (or sign-up without it). */
export function GetStartedLink({
  variant = 'primary',
  className,
}: {
  variant?: ButtonVariant;
  className?: string;
}) {
  return (
    <GoogleSignInLink className={buttonClasses({ variant, size: 'lg', className })}>
      Get Started
      <ArrowRight className="size-5" aria-hidden />
    </GoogleSignInLink>
  );
}
