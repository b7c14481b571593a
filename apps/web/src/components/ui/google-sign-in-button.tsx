import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { GOOGLE_SIGN_IN_URL, paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { WITHOUT_GOOGLE_HREF_ATTRIBUTE } from '@/lib/rendered-ahead-markers';
import { useSignInProviders } from '@/lib/sign-in-providers';

/** Google's "G", in its four colours. */
export function GoogleLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

/**
 * Where a Google sign-in button leads: a full-page navigation to the API, which sends the
 * browser on to the provider; or, on a server without Google sign-in, sign-up with email.
 */
export function GoogleSignInLink({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const { hasGoogle } = useSignInProviders();
  if (!hasGoogle) {
    return (
      <Link to={paths.register} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={GOOGLE_SIGN_IN_URL}
      className={className}
      {...{ [WITHOUT_GOOGLE_HREF_ATTRIBUTE]: paths.register }}
    >
      {children}
    </a>
  );
}

/** A sign-in button in Google's style (see {@link GoogleSignInLink} for where it leads). */
export function GoogleSignInButton({
  label = 'Sign in with Google',
  size = 'md',
  className,
}: {
  label?: string;
  size?: 'md' | 'lg';
  className?: string;
}) {
  return (
    <GoogleSignInLink
      className={cn(
        'inline-flex items-center justify-center gap-2.5 rounded-full border border-[#747775] bg-white px-4 font-medium whitespace-nowrap text-[#1F1F1F] transition hover:bg-[#F8F9FA] hover:shadow-sm',
        size === 'lg' ? 'h-12 text-[15px]' : 'h-10 text-sm',
        className,
      )}
    >
      <GoogleLogo className="size-[18px]" />
      {label}
    </GoogleSignInLink>
  );
}
