import type { User } from '@wellspring/shared';
import { MailWarning } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/error-messages';
import { useResendVerificationEmail } from '../api/email-links';

/**
 * Inside the signed-in app, for an account whose email is not confirmed yet: asks for the
 * confirmation and can send the link again. Not shown once confirmed (a Google account is from
 * the start), or when the server does not verify emails (emailVerified null).
 */
export function VerifyEmailBanner({
  user,
  className,
}: {
  user: User | undefined;
  className?: string;
}) {
  const resend = useResendVerificationEmail();
  if (!user || user.emailVerified !== false) return null;

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast.success(`We sent a new link to ${user.email}`),
      onError: (error) => toast.error(describeError(error)),
    });

  return (
    <section
      aria-label="Confirm your email"
      className={cn(
        'flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950 sm:flex-row sm:items-center',
        className,
      )}
    >
      <MailWarning className="size-5 shrink-0" aria-hidden />
      <p className="flex-1 text-sm">
        Please confirm your email address: we sent a link to{' '}
        <strong className="break-all">{user.email}</strong>. Confirming keeps your account yours.
      </p>
      <Button size="sm" variant="secondary" isLoading={resend.isPending} onClick={onResend}>
        Resend link
      </Button>
    </section>
  );
}
