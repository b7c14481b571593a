import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useSession, useUser } from '@/lib/auth';
import { userKeys } from '@/lib/query-keys';
import { describeError } from '@/lib/error-messages';
import { useResendVerificationEmail, verifyEmail } from '../api/email-links';

type Outcome = { state: 'pending' } | { state: 'verified' } | { state: 'failed'; message: string };

const linkClasses = 'font-semibold text-brand-violet underline-offset-4 hover:underline';

/** Follows a verification link once: posts its token, then says how it went. */
export function VerifyEmailStatus({ token }: { token: string | null }) {
  const queryClient = useQueryClient();
  const { token: sessionToken } = useSession();
  const user = useUser().data;
  const resend = useResendVerificationEmail();
  const [outcome, setOutcome] = useState<Outcome>(
    token
      ? { state: 'pending' }
      : {
          state: 'failed',
          message: 'This link is incomplete. Please open the whole link from the email.',
        },
  );
  // The token is single use: post it once, even when effects run twice in development.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    verifyEmail(token).then(
      () => {
        setOutcome({ state: 'verified' });
        void queryClient.invalidateQueries({ queryKey: userKeys.all });
      },
      (error: unknown) => setOutcome({ state: 'failed', message: describeError(error) }),
    );
  }, [token, queryClient]);

  const isSignedIn = Boolean(sessionToken);
  const next = isSignedIn ? (
    <Link to={paths.app.dashboard} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
      Go to my dashboard
    </Link>
  ) : (
    <Link to={paths.login} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
      Log in
    </Link>
  );

  if (outcome.state === 'pending') return <PageSpinner label="Confirming your email" />;

  if (outcome.state === 'verified' || user?.emailVerified === true) {
    return (
      <div role="status" className="flex flex-col gap-4 rounded-2xl bg-violet-50 p-5 text-ink">
        <CircleCheck className="size-6 text-brand-violet" aria-hidden />
        <p>Your email is confirmed. Thank you!</p>
        {next}
      </div>
    );
  }

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast.success(`We sent a new link to ${user?.email ?? 'your email'}`),
      onError: (error) => toast.error(describeError(error)),
    });

  return (
    <div role="alert" className="flex flex-col gap-4 rounded-2xl bg-red-50 p-5 text-red-900">
      <CircleAlert className="size-6" aria-hidden />
      <p>{outcome.message}</p>
      {isSignedIn ? (
        <Button size="lg" className="w-full" isLoading={resend.isPending} onClick={onResend}>
          Send me a new link
        </Button>
      ) : (
        <p className="text-sm">
          <Link to={paths.login} className={linkClasses}>
            Log in
          </Link>{' '}
          to ask for a new link.
        </p>
      )}
    </div>
  );
}
