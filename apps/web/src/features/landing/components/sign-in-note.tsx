import { Info } from 'lucide-react';
import {
  DEV_SIGN_IN_TEXT,
  GOOGLE_NOT_SET_UP_TEXT,
  useSignInProviders,
} from '@/lib/sign-in-providers';

/** One line under the hero's buttons when they do not lead to Google: says where they go. */
export function SignInNote() {
  const { hasGoogle, isDevSignIn } = useSignInProviders();
  const text = !hasGoogle ? GOOGLE_NOT_SET_UP_TEXT : isDevSignIn ? DEV_SIGN_IN_TEXT : undefined;
  if (!text) return null;
  return (
    <p className="inline-flex max-w-xl items-start gap-2 text-sm text-ink-soft">
      <Info className="mt-0.5 size-4 shrink-0 text-brand-violet" aria-hidden />
      {text}
    </p>
  );
}
