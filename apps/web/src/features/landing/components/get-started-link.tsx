import { ArrowRight } from 'lucide-react';
import { buttonClasses, type ButtonVariant } from '@/components/ui/button';
import { GOOGLE_SIGN_IN_URL } from '@/config/paths';

/** Get Started: the sign-in button of SPEC.md, a full-page navigation to Google sign-in. */
export function GetStartedLink({
  variant = 'primary',
  className,
}: {
  variant?: ButtonVariant;
  className?: string;
}) {
  return (
    <a href={GOOGLE_SIGN_IN_URL} className={buttonClasses({ variant, size: 'lg', className })}>
      Get Started
      <ArrowRight className="size-5" aria-hidden />
    </a>
  );
}
