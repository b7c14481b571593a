import { CircleAlert, CircleCheck, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { VisitorVariant } from '@/lib/rendered-ahead';
import { DISMISS_ATTRIBUTE } from '@/lib/rendered-ahead-markers';

/** Said on the landing page right after an account was deleted, until dismissed or left. */
export const ACCOUNT_DELETED_NOTICE =
  'Your account and everything in it have been deleted, and every device is signed out.';

/** Said on the landing page after a sign-in that failed (the sign-in provider's way back). */
export const SIGN_IN_FAILED_NOTICE = 'Something went wrong while trying to log in';

const TONES = {
  done: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-950',
    icon: 'text-emerald-700',
    dismiss: 'text-emerald-900 hover:bg-emerald-100',
    Icon: CircleCheck,
  },
  failed: {
    box: 'border-red-200 bg-red-50 text-red-900',
    icon: 'text-red-700',
    dismiss: 'text-red-900 hover:bg-red-100',
    Icon: CircleAlert,
  },
} as const;

/** One word for the visitor, with its Dismiss button (the page's script hides it). */
function Notice({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  const { box, icon, dismiss, Icon } = TONES[tone];
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <div
        role={tone === 'failed' ? 'alert' : 'status'}
        className={cn('flex items-start gap-3 rounded-2xl border p-4 shadow-card', box)}
      >
        <Icon className={cn('mt-0.5 size-5 shrink-0', icon)} aria-hidden />
        <p className="min-w-0 flex-1 text-[15px] leading-relaxed">{children}</p>
        <button
          type="button"
          aria-label="Dismiss"
          {...{ [DISMISS_ATTRIBUTE]: '' }}
          className={cn(
            'flex size-9 shrink-0 items-center justify-center rounded-lg transition',
            dismiss,
          )}
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}

/**
 * The words the landing page says once, on the arrival after an account deletion or a failed
 * sign-in (lib/landing-notices.ts). Each waits in a template of the rendered page until its
 * script puts it in (decisions 049 and 068).
 */
export function LandingNotices() {
  return (
    <>
      <VisitorVariant when="account-deleted">
        <Notice tone="done">
          <strong className="font-semibold">{ACCOUNT_DELETED_NOTICE}</strong> Thank you for the time
          you spent with Wellspring. You are welcome back whenever you like.
        </Notice>
      </VisitorVariant>
      <VisitorVariant when="sign-in-failed">
        <Notice tone="failed">{SIGN_IN_FAILED_NOTICE}</Notice>
      </VisitorVariant>
    </>
  );
}
