import { Info } from 'lucide-react';
import { VisitorVariant } from '@/lib/rendered-ahead';
import { DEV_SIGN_IN_TEXT, GOOGLE_NOT_SET_UP_TEXT } from '@/lib/sign-in-providers';

function Note({ text }: { text: string }) {
  return (
    <p className="inline-flex max-w-xl items-start gap-2 text-sm text-ink-soft">
      <Info className="mt-0.5 size-4 shrink-0 text-brand-violet" aria-hidden />
      {text}
    </p>
  );
}

/**
 * One line under the hero's buttons when they do not lead to Google: says where they go. Both
 * lines wait in templates for the page's script, which asks the server (decision 049).
 */
export function SignInNote() {
  return (
    <>
      <VisitorVariant when="without-google">
        <Note text={GOOGLE_NOT_SET_UP_TEXT} />
      </VisitorVariant>
      <VisitorVariant when="dev-sign-in">
        <Note text={DEV_SIGN_IN_TEXT} />
      </VisitorVariant>
    </>
  );
}
