import { CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { paths } from '@/config/paths';
import { hasErrorCode } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { describeError, getFieldErrors } from '@/lib/error-messages';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useResetPassword } from '../api/email-links';
import type { ResetPasswordFormValues } from '../form-schemas';
import { FormAlert } from './form-alert';

/** The contract's rules of a new password (ResetPasswordFormSchema), loaded on first focus. */
const resolver = lazyResolver(async () => (await import('../form-schemas')).resetPasswordResolver);

const linkClasses = 'font-semibold text-brand-violet underline-offset-4 hover:underline';

/** A new password for the account of a reset link; on success every session has ended. */
export function ResetPasswordForm({ token }: { token: string }) {
  const mutation = useResetPassword();
  const { signOut } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(
      { token, ...values },
      {
        // The reset ended every session, this browser's too: forget it here as well.
        onSuccess: () => signOut({ isEndedOnServer: true }),
        onError: (error) => {
          for (const [field, message] of Object.entries(getFieldErrors(error))) {
            if (field === 'password' || field === 'confirmPassword') setError(field, { message });
          }
        },
      },
    );
  });

  if (mutation.isSuccess) {
    return (
      <div role="status" className="flex flex-col gap-4 rounded-2xl bg-violet-50 p-5 text-ink">
        <CircleCheck className="size-6 text-brand-violet" aria-hidden />
        <p>Your password is changed. You are signed out everywhere, to be safe.</p>
        <Link to={paths.login} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          Log in with the new password
        </Link>
      </div>
    );
  }

  const isLinkInvalid = hasErrorCode(mutation.error, 'LINK_INVALID');
  return (
    <form
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Choose a new password"
    >
      {mutation.isError && <FormAlert message={describeError(mutation.error)} />}
      {isLinkInvalid && (
        <Link to={paths.forgotPassword} className={linkClasses}>
          Ask for a new link
        </Link>
      )}
      <NewPasswordFields
        password={{ field: register('password'), error: errors.password?.message }}
        confirm={{ field: register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" isLoading={mutation.isPending}>
        Save new password
      </Button>
    </form>
  );
}
