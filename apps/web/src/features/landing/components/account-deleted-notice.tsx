import { CircleCheck, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { clearAccountDeletedNotice, hasAccountDeletedNotice } from '@/lib/account-deleted-notice';
import { useIsRenderedAhead, VisitorVariant } from '@/lib/rendered-ahead';
import { DISMISS_ATTRIBUTE } from '@/lib/rendered-ahead-markers';

/** Said on the landing page right after an account was deleted, until dismissed or left. */
export const ACCOUNT_DELETED_NOTICE =
  'Your account and everything in it have been deleted, and every device is signed out.';

function Notice({ onDismiss }: { onDismiss?: () => void }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <div
        role="status"
        className="flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950 shadow-card"
      >
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
        <p className="min-w-0 flex-1 text-[15px] leading-relaxed">
          <strong className="font-semibold">{ACCOUNT_DELETED_NOTICE}</strong> Thank you for the time
          you spent with Wellspring. You are welcome back whenever you like.
        </p>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          {...{ [DISMISS_ATTRIBUTE]: '' }}
          className="flex size-9 shrink-0 items-center justify-center rounded-lg text-emerald-900 transition hover:bg-emerald-100"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}

/** The landing page's word after an account deletion: shown once, until dismissed. */
export function AccountDeletedNotice() {
  const isRenderedAhead = useIsRenderedAhead();
  const [isShown, setIsShown] = useState(hasAccountDeletedNotice);
  // Read on the first render, forgotten after it: a reload does not say it again.
  useEffect(() => clearAccountDeletedNotice(), []);
  // Rendered ahead, it waits hidden; the page's script shows it and forgets the flag (decision 049).
  if (isRenderedAhead) {
    return (
      <VisitorVariant when="account-deleted">
        <Notice />
      </VisitorVariant>
    );
  }
  if (!isShown) return null;
  return <Notice onDismiss={() => setIsShown(false)} />;
}
